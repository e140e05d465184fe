// Build-time stand-in for @rjsf/validator-ajv8 (aliased in vite.config.ts and vitest.config.ts).
// @rjsf/core's index re-exports a test helper that imports ajv; the dashboard validates with zod
// (./zod-validator.ts) because ajv compiles validators at run time, which our CSP forbids.
const validator = new Proxy(
  {},
  {
    get() {
      throw new Error("ajv is not bundled: generated editors validate with zod (src/resources/engine/zod-validator.ts)");
    },
  },
);
export default validator;
export const customizeValidator = () => validator;
