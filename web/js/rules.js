// The rule numbers, fetched once from the engine (op "rules"): the page never
// hard-codes how many players or rounds a game may have, nor the bot levels.
let table = null;

export function setRules(rules) {
  table = rules;
}

/**
 * {players: {min, max}, rounds: {min, max, default}, max_name_length,
 * levels: the bot levels offered to players, test_levels: those only the
 * address may name ("random", the engine's baseline)}.
 */
export function rules() {
  if (!table) throw new Error("the rules have not been fetched from the engine");
  return table;
}
