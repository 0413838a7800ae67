// The new-game form: the engine's number of seats (a human with a name, or a
// bot level the engine offers), the number of rounds and who starts. It
// reports the chosen settings up; main.js remembers them for next time.
import { t } from "../i18n.js";
import { rules } from "../rules.js";
import { fill, h } from "./dom.js";

// The form's own limit, below the engine's (rules().max_name_length): what a
// seat's label has room for.
const NAME_LENGTH = 24;

const defaultSeats = () => [
  { kind: "human", name: "" },
  { kind: "casual", name: "" },
];

/**
 * The name a seat gets when its field is left empty; nth: how many seats of
 * its kind came before it, so that three casual bots are three people
 * (Casey, Carla, Cyril), not "Casey, Casey 2, Casey 3".
 */
function defaultName(seat, index, nth = 0) {
  if (seat.kind === "human") return t("setup.defaultName", { n: index + 1 });
  const names = t(`botNames.${seat.kind}`).split(",");
  return nth < names.length ? names[nth].trim() : t(`botName.${seat.kind}`);
}

/** The name seat i of seats gets if its field stays empty. */
function untypedName(seats, i) {
  return defaultName(seats[i], i, seats.slice(0, i).filter((other) => other.kind === seats[i].kind).length);
}

/** Names as the game will use them: typed, or defaulted; repeats numbered so the log stays clear. */
export function seatNames(seats) {
  const names = seats.map((seat, i) => seat.name.trim() || untypedName(seats, i));
  return names.map((name, i) => {
    const repeats = names.slice(0, i).filter((other) => other === name).length;
    return repeats ? `${name} ${repeats + 1}` : name;
  });
}

/** A copy of saved settings with anything out of range replaced by the default. */
export function sanitizeSetup(saved) {
  const { players, rounds: limits, levels } = rules();
  const kinds = ["human", ...levels];
  const seats = Array.isArray(saved?.seats) ? saved.seats.filter((s) => kinds.includes(s?.kind)).slice(0, players.max) : [];
  const rounds = Number.isInteger(saved?.rounds) && saved.rounds >= limits.min && saved.rounds <= limits.max ? saved.rounds : limits.default;
  return {
    seats:
      seats.length >= players.min ? seats.map((s) => ({ kind: s.kind, name: typeof s.name === "string" ? s.name.slice(0, NAME_LENGTH) : "" })) : defaultSeats(),
    rounds,
    first: Number.isInteger(saved?.first) && saved.first < seats.length ? saved.first : "random",
    hints: typeof saved?.hints === "boolean" ? saved.hints : null, // null: on for a lone human
    undo: typeof saved?.undo === "boolean" ? saved.undo : true,
  };
}

/** "Allow hints" and "Allow undo": hints default to on while exactly one seat is human. */
function aidChoices(state) {
  const hints = h("input", { type: "checkbox", id: "setup-hints", onchange: (e) => (state.hints = e.target.checked) });
  const undo = h("input", { type: "checkbox", id: "setup-undo", checked: state.undo, onchange: (e) => (state.undo = e.target.checked) });
  const sync = () => (hints.checked = state.hints ?? state.seats.filter((seat) => seat.kind === "human").length === 1);
  const choice = (input, label) => h("label", { class: "choice" }, input, h("span", {}, label));
  const fieldset = h(
    "fieldset",
    { class: "setup__group" },
    h("legend", {}, t("setup.aids")),
    choice(hints, t("setup.allowHints")),
    choice(undo, t("setup.allowUndo")),
  );
  return { fieldset, sync, allow: () => ({ hints: hints.checked, undo: state.undo }) };
}

/**
 * setup({initial, onStart, onBack, onTutorial, offerTutorial, onDaily}): onStart({setup,
 * seats, names, rounds, firstPlayer|null, allow: {hints, undo}}); onBack, if
 * given, returns to the game in progress; onTutorial starts the guided first
 * game, offered with a word of welcome when offerTutorial (a first visit);
 * onDaily starts today's deal (beside it: no row of its own, so Start stays in sight).
 */
export function setup({ initial, onStart, onBack = null, onTutorial, offerTutorial = false, onDaily }) {
  const { players, rounds: limits, levels, strengths = {} } = rules();
  const state = sanitizeSetup(initial);
  const aids = aidChoices(state);
  const seatList = h("ol", { class: "setup__seats" });
  const firstSelect = h("select", { id: "setup-first", class: "field" });
  const customRounds = h("input", {
    type: "number",
    id: "setup-rounds-custom",
    class: "field field--number",
    min: limits.min,
    max: limits.max,
    step: 1,
    required: true, // an empty field is an error, never a silent 1
    value: state.rounds,
    "aria-label": t("setup.customRounds"),
    "aria-describedby": "setup-rounds-error",
    oninvalid: () => (roundsError.hidden = false),
  });
  const roundsError = h(
    "p",
    { id: "setup-rounds-error", class: "setup__error", dataset: { testid: "rounds-error" }, hidden: true },
    t("setup.roundsError", limits),
  );
  const addButton = h("button", { type: "button", class: "button button--quiet", onclick: () => addSeat() }, t("setup.addPlayer"));

  function renderFirst() {
    const names = seatNames(state.seats);
    fill(
      firstSelect,
      h("option", { value: "random" }, t("setup.firstRandom")),
      names.map((name, i) => h("option", { value: i }, name)),
    );
    firstSelect.value = String(state.first);
  }

  function renderSeats() {
    fill(
      seatList,
      state.seats.map((seat, i) => {
        const kind = h(
          "select",
          {
            id: `setup-kind-${i}`,
            class: "field",
            "aria-label": t("setup.kindLabel", { n: i + 1 }),
            // Every untyped name may change (the second casual bot is Carla): redraw, and stay on this field.
            onchange: (e) => ((seat.kind = e.target.value), renderSeats(), aids.sync(), seatList.querySelector(`#setup-kind-${i}`).focus()),
          },
          h("option", { value: "human" }, t("level.human")),
          levels.map((level) => h("option", { value: level }, t(`level.${level}`))),
        );
        kind.value = seat.kind;
        const name = h("input", {
          type: "text",
          id: `setup-name-${i}`,
          class: "field field--name",
          maxlength: NAME_LENGTH,
          autocomplete: "off",
          value: seat.name,
          placeholder: untypedName(state.seats, i),
          "aria-label": t("setup.nameLabel", { n: i + 1 }),
          oninput: (e) => ((seat.name = e.target.value), renderFirst()),
        });
        const remove = h(
          "button",
          {
            type: "button",
            class: "button button--icon",
            "aria-label": t("setup.removePlayer", { n: i + 1 }),
            title: t("setup.removePlayer", { n: i + 1 }),
            disabled: state.seats.length <= players.min,
            onclick: () => removeSeat(i),
          },
          h("span", { class: "icon-remove", "aria-hidden": "true" }),
        );
        return h("li", { class: "setup__seat" }, h("span", { class: "setup__seat-number", "aria-hidden": "true" }, i + 1), kind, name, remove);
      }),
    );
    addButton.disabled = state.seats.length >= players.max;
    renderFirst();
    aids.sync();
  }

  function addSeat() {
    state.seats.push({ kind: "casual", name: "" });
    renderSeats();
    seatList.lastElementChild.querySelector("select").focus();
  }

  function removeSeat(i) {
    state.seats.splice(i, 1);
    if (state.first !== "random") state.first = "random";
    renderSeats();
    addButton.focus();
  }

  const roundChoice = (value, label) =>
    h(
      "label",
      { class: "choice" },
      h("input", { type: "radio", name: "rounds", value, checked: String(value) === roundsMode(), onchange: () => syncRounds() }),
      h("span", {}, label),
    );
  const roundsMode = () => (state.rounds === 1 || state.rounds === 3 ? String(state.rounds) : "custom");

  function syncRounds() {
    const mode = form.querySelector("input[name=rounds]:checked").value;
    customRounds.disabled = mode !== "custom";
    state.rounds = mode === "custom" ? Math.min(limits.max, Math.max(limits.min, Math.round(Number(customRounds.value)) || limits.min)) : Number(mode);
  }
  customRounds.addEventListener("input", () => (syncRounds(), (roundsError.hidden = customRounds.validity.valid)));
  firstSelect.addEventListener("change", () => (state.first = firstSelect.value === "random" ? "random" : Number(firstSelect.value)));

  const form = h(
    "form",
    {
      class: "setup panel",
      "aria-labelledby": "setup-title",
      onsubmit: (e) => {
        e.preventDefault();
        syncRounds();
        onStart({
          setup: structuredClone(state),
          seats: state.seats.map((seat) => (seat.kind === "human" ? { kind: "human" } : { kind: "bot", level: seat.kind })),
          names: seatNames(state.seats),
          rounds: state.rounds,
          firstPlayer: state.first === "random" ? null : state.first,
          allow: aids.allow(),
        });
      },
    },
    h("h2", { id: "setup-title", class: "panel__title" }, t("setup.title")),
    h(
      "p",
      { class: `setup__tutorial${offerTutorial ? " is-offered" : ""}` },
      offerTutorial ? h("span", {}, t("tutorial.offer")) : null,
      h(
        "button",
        { type: "button", class: `button${offerTutorial ? " button--primary" : ""}`, dataset: { testid: "tutorial" }, onclick: onTutorial },
        t("tutorial.start"),
      ),
      h("button", { type: "button", class: "button", dataset: { testid: "daily-setup" }, onclick: onDaily }, t("daily.start")),
    ),
    h("fieldset", { class: "setup__group" }, h("legend", {}, t("setup.players")), seatList, addButton, strengthList(levels, strengths)),
    h(
      "fieldset",
      { class: "setup__group setup__rounds" },
      h("legend", {}, t("setup.rounds")),
      roundChoice(1, t("setup.rounds1")),
      roundChoice(3, t("setup.rounds3")),
      h("span", { class: "setup__custom" }, roundChoice("custom", t("setup.roundsCustom")), customRounds),
      roundsError,
    ),
    h("div", { class: "setup__group" }, h("label", { for: "setup-first", class: "setup__label" }, t("setup.first")), firstSelect),
    aids.fieldset,
    h(
      "div",
      { class: "panel__actions" },
      onBack ? h("button", { type: "button", class: "button", onclick: onBack }, t("setup.back")) : null,
      h("button", { type: "submit", class: "button button--primary" }, t("setup.start")),
    ),
  );
  renderSeats();
  customRounds.disabled = roundsMode() !== "custom";
  return form;
}

// Each level's measured strength, as the engine's rules give it (docs/bots.md's table).
function strengthList(levels, strengths) {
  const measured = levels.filter((level) => strengths[level]);
  if (!measured.length) return null;
  return h(
    "div",
    { class: "setup__strengths", dataset: { testid: "strengths" } },
    h("p", {}, t("setup.strengths")),
    h(
      "ul",
      {},
      measured.map((level) => {
        const { against, percent } = strengths[level];
        return h("li", {}, t("setup.strength", { level: t(`level.${level}`), percent, against: t(`level.${against}`) }));
      }),
    ),
  );
}
