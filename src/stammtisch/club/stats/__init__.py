"""Statistics for every game, per member and per season (issue 13.5; docs/statistics.md).

* ``port`` – what a game gives: ``StatsGame.summarize`` turns one stored match into figures per seat;
* each game's figures live with the game (``club/games/<slug>_stats.py``), registered in
  ``club.games`` (``stats_games``, read through ``registry``);
* ``figures`` – figures that add up (``Summable``), rates as properties;
* ``totals`` – match summaries summed per member, per season.

Pure: the store reads the logs and the seat links (``store.stats``), the web draws the pages."""
