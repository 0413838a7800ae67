// The Web Storage methods the page uses, over a Map, for tests under Node
// (which has no localStorage): limit is how many characters a value may have
// before setItem throws as a full storage does; full refuses every write.
export class MemoryStorage {
  constructor() {
    this.items = new Map();
    this.limit = Infinity;
  }
  set full(full) {
    this.limit = full ? -1 : Infinity;
  }
  getItem(key) {
    return this.items.has(key) ? this.items.get(key) : null;
  }
  setItem(key, value) {
    if (String(value).length > this.limit) throw new DOMException("quota", "QuotaExceededError");
    this.items.set(key, String(value));
  }
  removeItem(key) {
    this.items.delete(key);
  }
}

/** A fresh, empty localStorage for the test about to run. */
export function installStorage() {
  const storage = new MemoryStorage();
  Object.defineProperty(globalThis, "localStorage", { value: storage, configurable: true });
  return storage;
}
