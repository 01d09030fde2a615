"""Who is calling: guest and OIDC logins and the login sessions behind them."""
