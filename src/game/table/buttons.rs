//! The table's buttons: the two main ones the solo game and every match
//! share, the main one (throw, reroll, go on: the same as Space) and 確定
//! (stand: the same as Enter), and a match's betting buttons (in either
//! format, [`match_buttons`]), each sent as a move of the seat at the
//! keyboard; and which of them are offered now ([`TableButtons`]).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::rules::duel::BetAction;

use crate::lang::Key;

use super::moves::{Advance, Bet, Confirm};
use super::refereed::Refereed;
use super::seat::Hands;
use crate::game::theme::{
    BIG_SIZE, BUTTON, BUTTON_OFF, CONFIRM, OnClick, TEXT, button, labelled_button, text,
};
use crate::rules::referee::Referee;

/// Colour of the betting buttons.
const BET: Color = Color::srgb(0.55, 0.3, 0.7);
/// Colour of the fold button.
const FOLD: Color = Color::srgb(0.45, 0.45, 0.5);

/// The main button.
#[derive(Component, Debug)]
pub struct MainButton;

/// The 確定 button.
#[derive(Component, Debug)]
pub struct ConfirmButton;

/// What makes an entity the main button: its name, its marker and what a
/// click does (the same as Space, for the hands at the keys). Its look and
/// label are the HUD's.
pub fn main_button_role() -> impl Bundle {
    (
        Name::new("Main button"),
        MainButton,
        OnClick::with(|world| {
            let by = world.resource::<Hands>().seat;
            world.trigger(Advance { by, aim: None });
        }),
    )
}

/// The 確定 button: a click is the same as Enter.
pub fn confirm_button() -> impl Bundle {
    (
        Name::new("Confirm button"),
        ConfirmButton,
        OnClick::with(|world| {
            let by = world.resource::<Hands>().seat;
            world.trigger(Confirm { by });
        }),
        labelled_button(CONFIRM, Key::Confirm, BIG_SIZE),
    )
}

/// A betting button; `Check` stands for check-or-call.
#[derive(Component, Debug, Clone, Copy)]
pub struct BetButton(pub BetAction);

/// A match's buttons, in either format `M`, in this order: the main one,
/// 確定, check-or-call, raise and fold. The labels that change (the main
/// button's, check-or-call's, raise's) are the format's text roles
/// `labels`, written as the match goes.
pub fn match_buttons<M: Refereed, L: Component>([main, stay, raise]: [L; 3]) -> impl Bundle {
    children![
        labelled(BUTTON, main, main_button_role()),
        confirm_button(),
        labelled(BET, stay, bet_button::<M>(BetAction::Check)),
        labelled(BET, raise, bet_button::<M>(BetAction::Raise)),
        (
            bet_button::<M>(BetAction::Fold),
            labelled_button(FOLD, Key::Fold, BIG_SIZE),
        ),
    ]
}

/// A button that shows the text role `label`.
fn labelled<L: Component>(color: Color, label: L, extra: impl Bundle) -> impl Bundle {
    (
        button(color),
        extra,
        children![(text(label, BIG_SIZE, TEXT), Pickable::IGNORE)],
    )
}

/// A betting button: a click is the same as its key (the check button
/// calls when there is something to call).
fn bet_button<M: Refereed>(action: BetAction) -> impl Bundle {
    (
        BetButton(action),
        OnClick::with(move |world| {
            let by = world.resource::<Hands>().seat;
            let owes = world.get_resource::<M>().map(|m| m.referee().to_call(by));
            let action = match action {
                BetAction::Check if owes.is_some_and(|o| o > 0) => BetAction::Call,
                action => action,
            };
            world.trigger(Bet { by, action });
        }),
    )
}

/// What the buttons offer the seat at the keyboard now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offered {
    /// It is betting: the betting buttons stand in for the main one.
    pub betting: bool,
    /// The main button does something now (else it is greyed).
    pub acts: bool,
    /// 確定 is offered (its turn to hold, some die still free).
    pub stand: bool,
    /// The bets the rules allow it now.
    pub bets: Vec<BetAction>,
}

/// The main, 確定 and betting buttons of a table's HUD.
#[derive(SystemParam)]
pub struct TableButtons<'w, 's> {
    main: Query<'w, 's, (&'static mut Node, &'static mut BackgroundColor), With<MainButton>>,
    confirm: Query<'w, 's, &'static mut Node, (With<ConfirmButton>, Without<MainButton>)>,
    bets: Query<
        'w,
        's,
        (&'static BetButton, &'static mut Node),
        (Without<MainButton>, Without<ConfirmButton>),
    >,
}

impl TableButtons<'_, '_> {
    /// Shows only the buttons that do something now (the duel's HUD and
    /// the table's alike), each changed only if it differs.
    pub fn offer(&mut self, offered: &Offered) {
        let show = |on: bool| if on { Display::Flex } else { Display::None };
        for (mut node, mut color) in &mut self.main {
            let want = show(!offered.betting);
            if node.display != want {
                node.display = want;
            }
            let want = if offered.acts { BUTTON } else { BUTTON_OFF };
            if color.0 != want {
                color.0 = want;
            }
        }
        for mut node in &mut self.confirm {
            let want = show(offered.stand);
            if node.display != want {
                node.display = want;
            }
        }
        for (bet, mut node) in &mut self.bets {
            let usable = match bet.0 {
                BetAction::Check => {
                    offered.bets.contains(&BetAction::Check)
                        || offered.bets.contains(&BetAction::Call)
                }
                other => offered.bets.contains(&other),
            };
            let want = show(usable);
            if node.display != want {
                node.display = want;
            }
        }
    }
}
