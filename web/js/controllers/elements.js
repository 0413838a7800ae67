// The page's fixed elements (index.html), found once and handed to the controllers.

export function pageElements() {
  const $ = (id) => document.getElementById(id);
  return {
    main: $("main"),
    status: $("status"),
    notice: $("notice"),
    board: $("board"),
    screen: $("screen"),
    side: $("side"),
    scores: $("scores"),
    log: $("log"),
    announcer: $("announcer"),
    coach: $("coach"),
    botBar: $("bot-bar"),
    aids: $("aids"),
    skip: $("skip-bots"),
    toolbar: $("toolbar"),
    newGame: $("new-game"),
    importButton: $("import-button"),
    exportButton: $("export-game"),
    reviewButton: $("review-button"),
    importFile: $("import-file"),
    helpButton: $("help-button"),
    statsButton: $("stats-button"),
    helpDialog: $("help-dialog"),
    confirmDialog: $("confirm-dialog"),
    statsDialog: $("stats-dialog"),
    bootFailed: $("boot-failed"),
    settings: {
      speed: $("speed"),
      animation: $("animation"),
      sound: $("sound"),
      contrast: $("contrast"),
      language: $("language"),
      languagePicker: $("language-picker"),
      menuButton: $("menu-button"),
      menu: $("menu"),
      settingsButton: $("settings-button"),
      settingsDialog: $("settings-dialog"),
    },
  };
}
