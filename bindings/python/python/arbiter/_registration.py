"""The Gymnasium ids of arbiter's environments, ``arbiter/GAME-v0`` for each of
``arbiter.games()``: registered when ``arbiter.envs`` is imported, and declared as the
package's ``gymnasium.envs`` entry point, which Gymnasium before 1.0 reads when it is
imported. Gymnasium 1.0 and later read no entry points: there, import ``arbiter.envs``
first, or name the module in the id, ``gymnasium.make("arbiter.envs:arbiter/xiangqi-v0")``.

Nothing here imports Gymnasium's environments or NumPy at import time, so that
Gymnasium can call ``register_ids`` while it is itself being imported.
"""

from __future__ import annotations

import inspect
from typing import Any

import arbiter


def register_ids() -> None:
    """Registers ``arbiter/GAME-v0`` for every game (once): ``gymnasium.make`` makes
    an ``arbiter.envs.ArbiterGym``, ``gymnasium.make_vec`` with
    ``vectorization_mode="vector_entry_point"`` an ``arbiter.envs.ArbiterVectorEnv``."""
    from gymnasium.envs.registration import register, registry

    takes_vector = "vector_entry_point" in inspect.signature(register).parameters
    for name in arbiter.games():
        env_id = f"arbiter/{name}-v0"
        if env_id in registry:
            continue
        extra: dict[str, Any] = {"vector_entry_point": "arbiter.envs:vector_env"} if takes_vector else {}
        register(id=env_id, entry_point="arbiter.envs:ArbiterGym", kwargs={"game": name}, **extra)
