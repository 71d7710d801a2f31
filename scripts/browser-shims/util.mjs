// `util` in the browser build: what swagger-parser and ono call (format, inherits, inspect.custom).
export function format(template, ...args) {
  let index = 0;
  const text = String(template).replace(/%[sdifjoO%]/g, (token) => {
    if (token === '%%') return '%';
    if (index >= args.length) return token;
    const value = args[index++];
    return token === '%j' || token === '%o' || token === '%O' ? JSON.stringify(value) : String(value);
  });
  return [text, ...args.slice(index).map(String)].join(' ');
}

export function inherits(child, parent) {
  Object.setPrototypeOf(child.prototype, parent.prototype);
  Object.setPrototypeOf(child, parent);
}

export function inspect(value) {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
inspect.custom = Symbol.for('nodejs.util.inspect.custom');

export function promisify(fn) {
  return (...args) =>
    new Promise((resolve, reject) => fn(...args, (error, value) => (error ? reject(error) : resolve(value))));
}

export function deprecate(fn) {
  return fn;
}

export default { format, inherits, inspect, promisify, deprecate };
