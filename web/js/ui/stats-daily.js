// Today's deal in the statistics screen: the streak of days with a counted
// result (now and at best), the days played, and the latest tries, each
// with both scores and marked when it was practice. Data in, DOM out.
import { t } from "../i18n.js";
import { h } from "./dom.js";

const SHOWN = 10;

/** A calendar day YYYY-MM-DD in the page's language, short. */
function day(date) {
  const [year, month, dayOfMonth] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, dayOfMonth)).toLocaleDateString(document.documentElement.lang, { dateStyle: "medium", timeZone: "UTC" });
}

/** dailySection({results, streak: {current, best}}): results oldest first, as stored. */
export function dailySection({ results, streak }) {
  const days = new Set(results.filter((r) => r.counted).map((r) => r.date)).size;
  const row = (label, value) => h("tr", {}, h("th", { scope: "row" }, label), h("td", {}, value));
  const latest = results.slice(-SHOWN).reverse();
  return h(
    "section",
    { class: "stats__daily", dataset: { testid: "stats-daily", streak: String(streak.current), best: String(streak.best), days: String(days) } },
    h("h3", { class: "stats__heading" }, t("stats.daily")),
    h(
      "table",
      { class: "stats__daily-figures" },
      h("tbody", {}, row(t("stats.dailyStreak"), t("stats.streakValue", { now: streak.current, best: streak.best })), row(t("stats.dailyPlayed"), days)),
    ),
    latest.length
      ? h(
          "ol",
          { class: "stats__recent" },
          latest.map((r) =>
            h(
              "li",
              { class: "stats__game", dataset: { testid: "stats-daily-result", date: r.date, counted: String(r.counted) } },
              h("span", {}, t("stats.dailyResult", { number: r.number, date: day(r.date), you: r.you, expert: r.expert })),
              r.counted ? null : h("span", { class: "stats__helped" }, t("stats.dailyPractice")),
            ),
          ),
        )
      : h("p", { class: "stats__empty" }, t("stats.dailyNone")),
  );
}
