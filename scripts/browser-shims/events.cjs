// `events` in the browser build: a minimal EventEmitter, for classes that extend it when they load.
// Shaped as Node's module: the class itself, with itself as `EventEmitter`.
class EventEmitter {
  #listeners = new Map();
  on(name, listener) {
    this.#listeners.set(name, [...(this.#listeners.get(name) ?? []), listener]);
    return this;
  }
  once(name, listener) {
    const wrapped = (...args) => {
      this.off(name, wrapped);
      listener(...args);
    };
    return this.on(name, wrapped);
  }
  off(name, listener) {
    this.#listeners.set(
      name,
      (this.#listeners.get(name) ?? []).filter((candidate) => candidate !== listener),
    );
    return this;
  }
  removeListener(name, listener) {
    return this.off(name, listener);
  }
  emit(name, ...args) {
    const listeners = this.#listeners.get(name) ?? [];
    for (const listener of listeners) listener(...args);
    return listeners.length > 0;
  }
}

module.exports = EventEmitter;
module.exports.EventEmitter = EventEmitter;
