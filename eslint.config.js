// Lint rules run by `npm run lint` (first step of `npm test` and CI): typescript-eslint's recommended rules, React's rules
// of hooks, and Prettier for everything about layout (eslint-config-prettier turns ESLint's own layout rules off).
// Type information is used for the promise rules only (about 40 s for the repository instead of 17 s untyped); the
// types themselves are `tsc --noEmit`'s job.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "coverage/", ".tmp/", "data/", "node_modules/", "test-results/", "playwright-report/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // A warning would pass `npm test` unseen: what is worth reporting fails the lint, unused disable comments too.
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // `typeof import("…")` stays allowed: Vitest's importOriginal<typeof import("…")>() and a lazily loaded module's type.
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "no-empty": ["error", { allowEmptyCatch: true }],
      eqeqeq: ["error", "always", { null: "ignore" }],
    },
  },
  {
    // A promise nobody awaits loses its error (on the server an unhandled rejection ends the process): await it, or
    // say `void` where nothing is to be done with it. An async function where a callback's result is ignored (a React
    // handler, a Fastify hook, a timer) is how this code base is written, so that check (checksVoidReturn) stays off.
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
      "@typescript-eslint/await-thenable": "error",
    },
  },
  {
    // Kysely's own migrations take `Kysely<any>`: a migration is written against the schema as it was, not today's types.
    files: ["server/db/migrations/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Tests read answers field by field and name MSW's `use…` helpers like hooks (they are not React hooks).
    files: ["tests/**", "bench/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern: `{}` when it has none.
    files: ["tests/e2e/**"],
    rules: { "no-empty-pattern": "off" },
  },
  prettier,
);
