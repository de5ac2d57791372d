// The page's words for numbers and time, the same in the lobby's lists, the game's
// settings and its clocks.

// "1 move", "2 moves".
export function count(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function capitalised(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : "";
}

// A span of seconds in the largest whole unit: "5 minutes", "90 seconds", "1 hour".
function span(seconds) {
  if (seconds >= 3600 && seconds % 3600 === 0) return count(seconds / 3600, "hour");
  if (seconds >= 60 && seconds % 60 === 0) return count(seconds / 60, "minute");
  return count(seconds, "second");
}

// A time control in words: "5 minutes + 3 seconds", "90 minutes for every 40 moves +
// 30 seconds", "1 minute", "3 days per move"; "none" for an untimed game.
export function clockText(clock) {
  if (!clock) return "none";
  if (clock.days) return `${count(clock.days, "day")} per move`;
  const period = clock.moves ? ` for every ${count(clock.moves, "move")}` : "";
  const increment = clock.increment ? ` + ${span(clock.increment)}` : "";
  return `${span(clock.base)}${period}${increment}`;
}

// A clock's reading: "4:59", "0:09.4" under ten seconds, "2 d 3 h" over a day.
export function formatClock(ms) {
  const total = Math.max(0, ms);
  if (total >= 86_400_000) return `${Math.floor(total / 86_400_000)} d ${Math.floor((total % 86_400_000) / 3_600_000)} h`;
  const seconds = Math.floor(total / 1000);
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  return total < 10_000 ? `${text}.${Math.floor((total % 1000) / 100)}` : text;
}
