//! TwixT has no engine protocol: its programs play through the server's API.

use arbiter::twixt::Twixt;

use crate::games::GameProtocols;

impl GameProtocols for Twixt {}
