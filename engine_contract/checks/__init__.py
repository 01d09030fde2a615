"""The checks of the engine contract, one module per promise; ``engine_contract.suite`` lists them.

Each check is a function ``(package, variant, seed)`` that returns quietly or raises an
``AssertionError`` whose message starts with where the fault is (``engine_contract.failures``).
"""
