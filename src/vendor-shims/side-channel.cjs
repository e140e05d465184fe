"use strict";
// Build-time stand-in for the `side-channel` package (aliased in vite.config.ts; CommonJS like the package,
// since qs require()s it). qs, a dependency of @refinedev/core, keeps per-object bookkeeping in it (cycle
// detection, copies); the package gets there through get-intrinsic, call-bind, object-inspect and a dozen more
// modules, about 10 KB gzipped on every dashboard screen. Same contract on a WeakMap (object keys) and a Map
// (any other key). Only difference: `assert` on a missing key throws without object-inspect's rendering of it.
// Checked against the package by tests/unit/vendor-shims/side-channel.test.ts.

function isObject(key) {
  return (typeof key === "object" && key !== null) || typeof key === "function";
}

module.exports = function getSideChannel() {
  var objects = new WeakMap();
  var others = new Map();
  var channel = {
    assert: function (key) {
      if (!channel.has(key)) throw new TypeError("Side channel does not contain the given key");
    },
    get: function (key) {
      return isObject(key) ? objects.get(key) : others.get(key);
    },
    has: function (key) {
      return isObject(key) ? objects.has(key) : others.has(key);
    },
    set: function (key, value) {
      if (isObject(key)) objects.set(key, value);
      else others.set(key, value);
    },
    delete: function (key) {
      return isObject(key) ? objects.delete(key) : others.delete(key);
    },
  };
  return channel;
};
