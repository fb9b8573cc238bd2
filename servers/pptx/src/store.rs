//! The open presentations of this process, by id, with a current one: bounded in number and
//! size, changed only in memory until `save_presentation` writes one to the workspace. A
//! restart loses what was not saved.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

use mcp_shared::workspace::{Limits, Workspace};
use mcp_shared::{Ctx, ErrorKind, Settings, State, ToolError};

use crate::deck::Deck;

/// Most presentations open at once.
pub const MAX_OPEN: usize = 16;
/// Most bytes one presentation may hold in memory (its parts, uncompressed).
pub const MAX_DECK_BYTES: usize = 128 * 1024 * 1024;
/// Most bytes a file read from the workspace may have (a .pptx, a picture, a font).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// The server's state: its workspace and its open presentations.
pub struct Server {
    pub ws: Workspace,
    decks: Mutex<Decks>,
}

#[derive(Default)]
struct Decks {
    map: BTreeMap<String, Deck>,
    current: Option<String>,
    counter: u64,
}

/// One open presentation, as listed.
pub struct Listed {
    pub id: String,
    pub slides: usize,
    pub file: Option<String>,
    pub current: bool,
}

impl Server {
    pub fn new(ws: Workspace) -> Self {
        let limits = Limits {
            max_read_bytes: MAX_FILE_BYTES,
            ..*ws.limits()
        };
        Server {
            ws: ws.with_limits(limits),
            decks: Mutex::new(Decks::default()),
        }
    }

    pub fn of(ctx: &Ctx) -> Result<&Server, ToolError> {
        ctx.state::<Server>()
    }

    fn lock(&self) -> Result<MutexGuard<'_, Decks>, ToolError> {
        self.decks.lock().map_err(|_| {
            ToolError::new(
                ErrorKind::Internal,
                "the presentation store is unusable after an earlier failure; restart the server",
            )
        })
    }

    /// Keep `deck` under `id` (or a new id) and make it current; returns the id and whether
    /// it replaced a presentation of that id.
    pub fn insert(&self, id: Option<String>, deck: Deck) -> Result<(String, bool), ToolError> {
        check_size(&deck)?;
        let mut d = self.lock()?;
        let id = match id.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()) {
            Some(id) => {
                if id.chars().count() > 128 {
                    return Err(ToolError::invalid_input(
                        "`id` is longer than 128 characters",
                    ));
                }
                id
            }
            None => loop {
                d.counter += 1;
                let id = format!("presentation_{}", d.counter);
                if !d.map.contains_key(&id) {
                    break id;
                }
            },
        };
        let replaced = d.map.contains_key(&id);
        if !replaced && d.map.len() >= MAX_OPEN {
            return Err(ToolError::invalid_input(format!(
                "{MAX_OPEN} presentations are open, the most this server keeps: save what you need and reuse an id (a new presentation with an existing id replaces it)"
            )));
        }
        d.map.insert(id.clone(), deck);
        d.current = Some(id.clone());
        Ok((id, replaced))
    }

    fn resolve(d: &Decks, id: Option<&str>) -> Result<String, ToolError> {
        match id.map(str::trim).filter(|s| !s.is_empty()) {
            Some(id) if d.map.contains_key(id) => Ok(id.to_owned()),
            Some(id) => Err(ToolError::invalid_input(format!(
                "no open presentation has the id {id:?}; open ones: {}",
                names(d)
            ))
            .with_hint("list_presentations shows the open presentations; create_presentation or open_presentation opens one.")),
            None => d.current.clone().filter(|c| d.map.contains_key(c)).ok_or_else(|| {
                ToolError::invalid_input(
                    "no presentation is open: call create_presentation or open_presentation first, or pass presentation_id",
                )
            }),
        }
    }

    /// Read the presentation `id` (or the current one).
    pub fn read<T>(
        &self,
        id: Option<&str>,
        f: impl FnOnce(&str, &Deck) -> Result<T, ToolError>,
    ) -> Result<T, ToolError> {
        let d = self.lock()?;
        let id = Self::resolve(&d, id)?;
        let deck = d
            .map
            .get(&id)
            .ok_or_else(|| ToolError::new(ErrorKind::Internal, "presentation vanished"))?;
        f(&id, deck)
    }

    /// Change the presentation `id` (or the current one): `f` works on a copy that replaces
    /// it only when `f` succeeds, so a failed call changes nothing.
    pub fn edit<T>(
        &self,
        id: Option<&str>,
        f: impl FnOnce(&mut Deck) -> Result<T, ToolError>,
    ) -> Result<T, ToolError> {
        let mut d = self.lock()?;
        let id = Self::resolve(&d, id)?;
        let deck = d
            .map
            .get(&id)
            .ok_or_else(|| ToolError::new(ErrorKind::Internal, "presentation vanished"))?;
        let mut copy = Deck {
            pkg: deck.pkg.clone(),
            file: deck.file.clone(),
        };
        let out = f(&mut copy)?;
        check_size(&copy)?;
        d.map.insert(id, copy);
        Ok(out)
    }

    pub fn switch(&self, id: &str) -> Result<String, ToolError> {
        let mut d = self.lock()?;
        let id = Self::resolve(&d, Some(id))?;
        d.current = Some(id.clone());
        Ok(id)
    }

    pub fn set_file(&self, id: &str, file: &str) -> Result<(), ToolError> {
        let mut d = self.lock()?;
        if let Some(deck) = d.map.get_mut(id) {
            deck.file = Some(file.to_owned());
        }
        Ok(())
    }

    pub fn list(&self) -> Result<(Vec<Listed>, Option<String>), ToolError> {
        let d = self.lock()?;
        let mut out = Vec::new();
        for (id, deck) in &d.map {
            out.push(Listed {
                id: id.clone(),
                slides: deck.slides().map(|s| s.len()).unwrap_or(0),
                file: deck.file.clone(),
                current: d.current.as_deref() == Some(id),
            });
        }
        Ok((out, d.current.clone()))
    }

    /// Read a file of the workspace (capped), off the async runtime.
    pub async fn read_file(&self, arg: &'static str, path: String) -> Result<Vec<u8>, ToolError> {
        self.ws
            .run(move |ws| {
                let p = ws.path(arg, &path)?;
                ws.read(arg, &p)
            })
            .await
    }
}

fn names(d: &Decks) -> String {
    if d.map.is_empty() {
        "none".into()
    } else {
        d.map.keys().cloned().collect::<Vec<_>>().join(", ")
    }
}

fn check_size(deck: &Deck) -> Result<(), ToolError> {
    let n = deck.bytes();
    if n > MAX_DECK_BYTES {
        return Err(ToolError::invalid_input(format!(
            "the presentation would hold {} MiB, more than the {} MiB this server keeps per presentation",
            n / (1024 * 1024),
            MAX_DECK_BYTES / (1024 * 1024)
        )));
    }
    Ok(())
}

/// The state of the server: its workspace (`--workspace` / `MCP_WORKSPACE`) and no open
/// presentation.
pub fn make_state(settings: &Settings) -> Result<State, String> {
    Workspace::from_settings(settings).map(state_in)
}

/// The state for the workspace `ws` (tests).
pub fn state_in(ws: Workspace) -> State {
    Arc::new(Server::new(ws)) as State
}
