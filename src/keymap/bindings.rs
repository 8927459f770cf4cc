//! One map from actions to the inputs that do them, for keys and pad buttons
//! alike: the defaults plus what the player changed, moved with a swap so no
//! input does two things, and saved as the changes only, by name.

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::marker::PhantomData;

use bevy::prelude::Resource;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What a kind of binding needs: its actions, its inputs and their names.
pub trait Binds: Clone + Debug + Default + PartialEq + Eq + Send + Sync + 'static {
    /// What an input does.
    type Action: Copy + Ord + Debug + Send + Sync;
    /// A key or a button.
    type Input: Copy + Eq + Debug + Send + Sync;
    /// Whether an action may have no input at all (saved as `none`).
    const MAY_BE_UNBOUND: bool;
    /// Every action, in the order the settings list them.
    fn actions() -> Vec<Self::Action>;
    /// An action's name in the save.
    fn action_name(action: Self::Action) -> &'static str;
    /// The input an action has until the player chooses another.
    fn default_input(action: Self::Action) -> Option<Self::Input>;
    /// An input's name in the save and on screen; `None` if a player may not choose it.
    fn input_name(input: Self::Input) -> Option<&'static str>;
    /// The choosable input with this name.
    fn input_named(name: &str) -> Option<Self::Input>;
}

/// How an action given no input is saved.
const NO_INPUT: &str = "none";

/// The player's bindings of one kind: the defaults, and what they changed.
/// An older save (none) loads as the defaults; an unknown name is dropped.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct Bindings<B: Binds>(BTreeMap<B::Action, Option<B::Input>>, PhantomData<B>);

impl<B: Binds> Default for Bindings<B> {
    /// Every action with its default input.
    fn default() -> Self {
        Bindings(BTreeMap::new(), PhantomData)
    }
}

impl<B: Binds> Serialize for Bindings<B> {
    fn serialize<S: Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        BTreeMap::<String, String>::from(self.clone()).serialize(to)
    }
}

impl<'de, B: Binds> Deserialize<'de> for Bindings<B> {
    fn deserialize<D: Deserializer<'de>>(from: D) -> Result<Self, D::Error> {
        Ok(BTreeMap::<String, String>::deserialize(from)?.into())
    }
}

impl<B: Binds> From<BTreeMap<String, String>> for Bindings<B> {
    fn from(names: BTreeMap<String, String>) -> Self {
        let mut map = Self::default();
        for (name, input) in names {
            let Some(action) = B::actions()
                .into_iter()
                .find(|&a| B::action_name(a) == name)
            else {
                continue;
            };
            if input == NO_INPUT && B::MAY_BE_UNBOUND {
                map.set(action, None);
            } else if let Some(input) = B::input_named(&input) {
                map.assign(action, input);
            }
        }
        map
    }
}

impl<B: Binds> From<Bindings<B>> for BTreeMap<String, String> {
    fn from(map: Bindings<B>) -> Self {
        map.0
            .into_iter()
            .filter_map(|(action, input)| {
                let name = match input {
                    Some(input) => B::input_name(input)?,
                    None => NO_INPUT,
                };
                Some((B::action_name(action).to_owned(), name.to_owned()))
            })
            .collect()
    }
}

impl<B: Binds> Bindings<B> {
    /// The input that does `action`, if any.
    pub fn input(&self, action: B::Action) -> Option<B::Input> {
        match self.0.get(&action) {
            Some(chosen) => *chosen,
            None => B::default_input(action),
        }
    }

    /// The action this input does, if any.
    pub fn action_of(&self, input: B::Input) -> Option<B::Action> {
        B::actions()
            .into_iter()
            .find(|&a| self.input(a) == Some(input))
    }

    /// Gives `action` this input; an action that had it takes `action`'s old
    /// one, so no input does two things and none is lost. An input a player
    /// may not choose changes nothing; returns whether anything changed.
    pub fn assign(&mut self, action: B::Action, input: B::Input) -> bool {
        if B::input_name(input).is_none() || self.input(action) == Some(input) {
            return false;
        }
        let old = self.input(action);
        if let Some(other) = self.action_of(input) {
            self.set(other, old);
        }
        self.set(action, Some(input));
        true
    }

    /// Records `action`'s input, as a change only where it is not the default.
    fn set(&mut self, action: B::Action, input: Option<B::Input>) {
        if input == B::default_input(action) {
            self.0.remove(&action);
        } else {
            self.0.insert(action, input);
        }
    }

    /// Takes `action`'s input away, where an action may have none.
    pub fn clear(&mut self, action: B::Action) -> bool {
        if !B::MAY_BE_UNBOUND || self.input(action).is_none() {
            return false;
        }
        self.set(action, None);
        true
    }

    /// The name of `action`'s input on screen ("—" for none).
    pub fn input_label(&self, action: B::Action) -> &'static str {
        self.input(action).and_then(B::input_name).unwrap_or("—")
    }

    /// True when nothing was changed.
    pub fn is_default(&self) -> bool {
        self.0.is_empty()
    }
}
