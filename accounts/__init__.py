"""Accounts: sign-up with an optional e-mail, password rules and resets, login lockout, API tokens."""
