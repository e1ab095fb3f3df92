"""Every digital game for other tools: an OpenSpiel Python game and a PettingZoo AEC environment,
built from the seat views only. Needs the optional extra ``interop``; nothing else imports it."""
