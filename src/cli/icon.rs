//! `dice-poker icon FILE.png --size N`: the game's icon as a PNG, drawn by
//! the same code as the window's, so the packages' hicolor icons and the
//! window show one picture.

use std::io::Write;
use std::path::Path;

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use super::CliError;
use crate::dice::faces::pip_pattern;
use crate::texture::icon::draw_icon;

/// The sizes an icon may be drawn at, in pixels.
pub const ICON_SIZES: std::ops::RangeInclusive<u32> = 16..=1024;

/// Draws the icon at `size` and writes it to `path`; says where on `out`.
pub fn icon(path: &Path, size: u32, out: &mut impl Write) -> Result<(), CliError> {
    if !ICON_SIZES.contains(&size) {
        return Err(CliError::BadInput(format!(
            "--size {size}: an icon is {} to {} pixels",
            ICON_SIZES.start(),
            ICON_SIZES.end()
        )));
    }
    if path.extension().and_then(|e| e.to_str()) != Some("png") {
        return Err(CliError::BadInput(format!(
            "{}: the file name must end in .png",
            path.display()
        )));
    }
    let image = Image::new(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        draw_icon(size, pip_pattern),
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::MAIN_WORLD,
    );
    let picture = image
        .try_into_dynamic()
        .map_err(|e| CliError::Failed(format!("the icon could not be encoded: {e}")))?;
    picture
        .to_rgba8()
        .save(path)
        .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", path.display())))?;
    writeln!(out, "{} ({size}×{size})", path.display())?;
    Ok(())
}
