// The rule numbers, the engine's (op "rules"), baked into the bundle by build.py:
// the page never hard-codes how many players or rounds a game may have, nor the bot levels.
let table = null;

export function setRules(rules) {
  table = rules;
}

/**
 * {players: {min, max}, rounds: {min, max, default}, max_name_length,
 * levels: the bot levels offered to players, test_levels: those only the
 * address may name ("random", the engine's baseline), grid: {rows, columns},
 * actions: every action string -> {kind, spot | pile}}.
 */
export function rules() {
  if (!table) throw new Error("the rules have not been set from the engine's tables");
  return table;
}

/** What an action string does, as the engine says: {kind: "draw"}, {kind: "take" | "discard", pile} or {kind: "place", spot}. */
export function actionOf(action) {
  const what = rules().actions[action];
  if (!what) throw new Error(`the engine names no action ${JSON.stringify(action)}`);
  return what;
}
