// Which time is which: the history lists a match when it ended, its replay says when it started
// and when it ended. Same keys as ./it_history_times.js.

export default {
  "stats.ended": "Ended {date}",
  "replay.started": "Started {start}",
  "replay.started_ended": "Started {start} · ended {end}",
  // The same day: {end} is the time of day only.
  "replay.started_ended_same_day": "Started {start} · ended {end}",
};
