// Quale ora è quale: lo storico elenca una partita a quando è finita, il suo replay dice quando è
// iniziata e quando è finita. Stesse chiavi di ./en_history_times.js.

export default {
  "stats.ended": "Finita il {date}",
  "replay.started": "Iniziata il {start}",
  "replay.started_ended": "Iniziata il {start} · finita il {end}",
  // Lo stesso giorno: {end} è solo l'ora.
  "replay.started_ended_same_day": "Iniziata il {start} · finita alle {end}",
};
