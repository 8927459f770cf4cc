//! Where the mixed sound goes: a device behind a trait (the system's ALSA
//! library, loaded when the game starts, or nothing), and optionally a WAV
//! file. A thread mixes a block at a time and hands it on.
//!
//! ALSA is opened with `dlopen` rather than linked, so building the game needs
//! no `-dev` package and a machine without the library or a device still
//! plays, silently.

use std::ffi::{CString, c_char, c_int, c_long, c_uint, c_ulong, c_void};
use std::fs::File;
use std::io::{self, BufWriter, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::mixer::{Mixer, to_pcm};
use super::synth::SAMPLE_RATE;

/// Samples mixed per block: about 12 ms, short enough to feel immediate.
pub const BLOCK: usize = 512;
/// How much sound the device may hold ahead of the mixer.
const DEVICE_LATENCY_US: c_uint = 60_000;

/// A place mixed blocks of mono 16-bit samples go, at [`SAMPLE_RATE`].
pub trait Output: Send {
    /// Plays (or keeps) one block; a device blocks until it has room, which
    /// paces the mixer.
    fn write(&mut self, block: &[i16]) -> io::Result<()>;
    /// True when `write` already waits for real time (a device does).
    fn paces_itself(&self) -> bool;
}

/// No device: blocks go nowhere and the mixer is paced by the clock.
#[derive(Debug, Default)]
pub struct Silent;

impl Output for Silent {
    fn write(&mut self, _block: &[i16]) -> io::Result<()> {
        Ok(())
    }

    fn paces_itself(&self) -> bool {
        false
    }
}

type PcmOpen = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
type PcmSetParams =
    unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type PcmWritei = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
type PcmRecover = unsafe extern "C" fn(*mut c_void, c_int, c_int) -> c_int;
type PcmClose = unsafe extern "C" fn(*mut c_void) -> c_int;
/// ALSA's error handler type, called with a printf format; ours ignores the
/// arguments, which the C calling convention allows.
type ErrorHandler = unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);
type SetErrorHandler = unsafe extern "C" fn(Option<ErrorHandler>) -> c_int;

/// Swallows ALSA's own messages: a machine without a device would otherwise
/// print a screenful; the game says it in one line instead.
unsafe extern "C" fn quiet(
    _: *const c_char,
    _: c_int,
    _: *const c_char,
    _: c_int,
    _: *const c_char,
) {
}

/// `SND_PCM_STREAM_PLAYBACK`.
const STREAM_PLAYBACK: c_int = 0;
/// `SND_PCM_FORMAT_S16_LE`.
const FORMAT_S16_LE: c_int = 2;
/// `SND_PCM_ACCESS_RW_INTERLEAVED`.
const ACCESS_RW_INTERLEAVED: c_int = 3;

/// The default ALSA device (PipeWire and PulseAudio answer to it too).
pub struct Alsa {
    pcm: *mut c_void,
    writei: PcmWritei,
    recover: PcmRecover,
    close: PcmClose,
    /// Keeps the library loaded while the functions above are used.
    _lib: libloading::Library,
}

// The handle is used by one thread at a time: the output thread owns it.
unsafe impl Send for Alsa {}

impl Alsa {
    /// Loads `libasound.so.2` and opens the default playback device.
    pub fn open() -> Result<Alsa, String> {
        // SAFETY: loading the system's ALSA library runs its initialisers,
        // which have no preconditions.
        let lib = unsafe { libloading::Library::new("libasound.so.2") }
            .map_err(|e| format!("no ALSA library ({e})"))?;
        // SAFETY: the names and signatures are ALSA's documented PCM API.
        let (open, set_params, writei, recover, close) = unsafe {
            (
                *lib.get::<PcmOpen>(b"snd_pcm_open\0")
                    .map_err(|e| e.to_string())?,
                *lib.get::<PcmSetParams>(b"snd_pcm_set_params\0")
                    .map_err(|e| e.to_string())?,
                *lib.get::<PcmWritei>(b"snd_pcm_writei\0")
                    .map_err(|e| e.to_string())?,
                *lib.get::<PcmRecover>(b"snd_pcm_recover\0")
                    .map_err(|e| e.to_string())?,
                *lib.get::<PcmClose>(b"snd_pcm_close\0")
                    .map_err(|e| e.to_string())?,
            )
        };
        // SAFETY: a documented ALSA function taking a handler that outlives it.
        unsafe {
            if let Ok(set) = lib.get::<SetErrorHandler>(b"snd_lib_error_set_handler\0") {
                set(Some(quiet));
            }
        }
        let name = CString::new("default").map_err(|e| e.to_string())?;
        let mut pcm: *mut c_void = std::ptr::null_mut();
        // SAFETY: `pcm` is a valid out-pointer and `name` a C string.
        let err = unsafe { open(&mut pcm, name.as_ptr(), STREAM_PLAYBACK, 0) };
        if err < 0 || pcm.is_null() {
            return Err(format!("no sound device (ALSA error {err})"));
        }
        // SAFETY: `pcm` was just opened.
        let err = unsafe {
            set_params(
                pcm,
                FORMAT_S16_LE,
                ACCESS_RW_INTERLEAVED,
                1,
                SAMPLE_RATE,
                1,
                DEVICE_LATENCY_US,
            )
        };
        if err < 0 {
            // SAFETY: `pcm` is open and closed once.
            unsafe { close(pcm) };
            return Err(format!(
                "the sound device refused 16-bit mono (ALSA error {err})"
            ));
        }
        Ok(Alsa {
            pcm,
            writei,
            recover,
            close,
            _lib: lib,
        })
    }
}

impl Output for Alsa {
    fn write(&mut self, block: &[i16]) -> io::Result<()> {
        let mut rest = block;
        while !rest.is_empty() {
            // SAFETY: `rest` is valid for `rest.len()` mono frames.
            let n = unsafe { (self.writei)(self.pcm, rest.as_ptr().cast(), rest.len() as c_ulong) };
            if n < 0 {
                // An underrun or a suspend: let ALSA put the stream right.
                // SAFETY: `pcm` is open.
                let err = unsafe { (self.recover)(self.pcm, n as c_int, 1) };
                if err < 0 {
                    return Err(io::Error::other(format!("ALSA error {err}")));
                }
                continue;
            }
            rest = &rest[(n as usize).min(rest.len())..];
        }
        Ok(())
    }

    fn paces_itself(&self) -> bool {
        true
    }
}

impl Drop for Alsa {
    fn drop(&mut self) {
        // SAFETY: `pcm` is open and closed only here.
        unsafe { (self.close)(self.pcm) };
    }
}

/// A 16-bit mono WAV file written as the sound plays; the header's sizes are
/// filled in by [`Wav::finish`].
pub struct Wav {
    file: BufWriter<File>,
    samples: u32,
}

impl Wav {
    /// Creates the file with a header for an empty recording.
    pub fn create(path: &Path) -> io::Result<Wav> {
        let mut wav = Wav {
            file: BufWriter::new(File::create(path)?),
            samples: 0,
        };
        wav.header()?;
        Ok(wav)
    }

    fn header(&mut self) -> io::Result<()> {
        let data = self.samples * 2;
        let f = &mut self.file;
        f.write_all(b"RIFF")?;
        f.write_all(&(36 + data).to_le_bytes())?;
        f.write_all(b"WAVEfmt ")?;
        f.write_all(&16u32.to_le_bytes())?;
        f.write_all(&1u16.to_le_bytes())?; // PCM
        f.write_all(&1u16.to_le_bytes())?; // mono
        f.write_all(&SAMPLE_RATE.to_le_bytes())?;
        f.write_all(&(SAMPLE_RATE * 2).to_le_bytes())?;
        f.write_all(&2u16.to_le_bytes())?;
        f.write_all(&16u16.to_le_bytes())?;
        f.write_all(b"data")?;
        f.write_all(&data.to_le_bytes())
    }

    /// Appends samples.
    pub fn append(&mut self, block: &[i16]) -> io::Result<()> {
        for s in block {
            self.file.write_all(&s.to_le_bytes())?;
        }
        self.samples += block.len() as u32;
        Ok(())
    }

    /// Writes the final sizes into the header and flushes.
    pub fn finish(mut self) -> io::Result<()> {
        self.file.seek(SeekFrom::Start(0))?;
        self.header()?;
        self.file.flush()
    }
}

/// Reads a 16-bit mono WAV written by [`Wav`] (for checks and tests).
pub fn read_wav(path: &Path) -> io::Result<Vec<i16>> {
    let bytes = std::fs::read(path)?;
    if bytes.len() < 44 || &bytes[0..4] != b"RIFF" || &bytes[36..40] != b"data" {
        return Err(io::Error::other("not a 16-bit WAV file from this game"));
    }
    Ok(bytes[44..]
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
        .collect())
}

/// The output thread: mixes a block, sends it to the device and the recording,
/// until asked to stop.
pub struct Player {
    /// What plays; the game adds voices and sets the volume here.
    pub mixer: Arc<Mutex<Mixer>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Player {
    /// Starts mixing into `output` (and `record`, if given).
    pub fn start(mut output: Box<dyn Output>, mut record: Option<Wav>) -> Player {
        let mixer = Arc::new(Mutex::new(Mixer::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (mixer, stop) = (mixer.clone(), stop.clone());
            std::thread::spawn(move || {
                let block_time = Duration::from_secs_f64(BLOCK as f64 / f64::from(SAMPLE_RATE));
                let started = Instant::now();
                let mut blocks = 0u32;
                let (mut mixed, mut pcm) = (vec![0.0f32; BLOCK], Vec::with_capacity(BLOCK));
                while !stop.load(Ordering::Relaxed) {
                    if let Ok(mut m) = mixer.lock() {
                        m.mix(&mut mixed);
                    }
                    to_pcm(&mixed, &mut pcm);
                    if let Some(wav) = &mut record
                        && let Err(e) = wav.append(&pcm)
                    {
                        eprintln!("dice-poker: cannot record sound: {e}");
                        record = None;
                    }
                    if output.write(&pcm).is_err() {
                        output = Box::new(Silent);
                    }
                    blocks += 1;
                    if !output.paces_itself() {
                        // Keep to real time: a recording sounds as the game did.
                        let due = started + block_time * blocks;
                        if let Some(wait) = due.checked_duration_since(Instant::now()) {
                            std::thread::sleep(wait);
                        }
                    }
                }
                if let Some(wav) = record
                    && let Err(e) = wav.finish()
                {
                    eprintln!("dice-poker: cannot finish the sound recording: {e}");
                }
            })
        };
        Player {
            mixer,
            stop,
            thread: Some(thread),
        }
    }

    /// Stops the thread and finishes the recording.
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        self.stop();
    }
}
