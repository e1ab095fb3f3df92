"""Volume play and exact analysis above the reference engines: the fast Klümpchen simulator, the
solver behind the advice, and the house-rule lab. May use NumPy; checked against ``games/`` (the
readable authority) by statistics, never the other way round."""
