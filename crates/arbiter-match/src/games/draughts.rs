//! Draughts engines speak Scan's Hub protocol and DXP.

use arbiter::draughts::Draughts;

use crate::games::GameProtocols;

impl GameProtocols for Draughts {
    const PROTOCOLS: &'static [&'static str] = &["hub", "dxp"];
}
