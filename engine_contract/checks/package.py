"""The package is one the platform can host: ``domain.game_package.check_package`` finds nothing
missing (a computer player per level, a table module, rules and words in every language, no kind
or action declared twice), and every engine names its deck."""

from __future__ import annotations

from domain.game_package import GamePackage, GamePackageError, GameVariant, check_package
from engine_contract.failures import At


def check_package_is_hostable(package: GamePackage, variant: GameVariant, seed: int) -> None:
    at = At(variant.game_type, detail=f"package {package.name!r}")
    try:
        check_package(package)
    except GamePackageError as error:
        raise at.fail(f"the platform cannot host it: {error}") from error
    codes = getattr(variant.engine, "card_codes", None)
    if not isinstance(codes, tuple) or not codes or not all(isinstance(code, str) for code in codes):
        raise at.fail("the engine's card_codes is not a tuple of card code strings")
