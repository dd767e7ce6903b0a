import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Browser code: it may import the types of server modules, never their values (the bundler keeps *.server out). */
const BROWSER_CODE = ["app/components/**", "app/hooks/**", "app/lib/forms/**", "app/spec/**", "app/lib/capabilities.ts", "app/entry.client.tsx"];

// `import { z }` makes the Worker's bundler keep all of zod, its 40-odd locales too (decision 055).
const ZOD_NAMESPACE_IMPORT = {
  selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier",
  message: 'Write `import * as z from "zod"`: the bundler then keeps only what is used.',
};

// Only the safety gate makes a screened text (issue 59): a cast to its type anywhere else would let unscreened text into the models.
const SCREENED_CAST = {
  selector:
    "TSAsExpression[typeAnnotation.typeName.name=/^(Screened|ScreenedText)$/], TSTypeAssertion[typeAnnotation.typeName.name=/^(Screened|ScreenedText)$/]",
  message: "Only the safety gate (app/services/safety/safety-gate.server.ts) makes a ScreenedText: pass the text through it instead of casting.",
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      ".wrangler/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "tests/e2e/.state/**",
      "env.d.ts",
      "migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A rejected promise returned as it is counts as unhandled for a moment (workerd reports it).
      "@typescript-eslint/return-await": ["error", "always"],
      "@typescript-eslint/no-floating-promises": ["error", { ignoreVoid: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-syntax": ["error", ZOD_NAMESPACE_IMPORT, SCREENED_CAST],
    },
  },
  {
    // Modules the browser may load: zod there comes with its Content-Security-Policy setting (decision 078).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/routes/api.*", "app/lib/zod-config.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ZOD_NAMESPACE_IMPORT,
        SCREENED_CAST,
        {
          selector: "Program:not(:has(ImportDeclaration[source.value='~/lib/zod-config'])) > ImportDeclaration[source.value='zod'][importKind='value']",
          message: 'Follow `import * as z from "zod"` with `import "~/lib/zod-config"`: the browser then never probes for eval (decision 078).',
        },
      ],
    },
  },
  {
    files: ["app/**/*.tsx", "app/hooks/**"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules, "react-hooks/set-state-in-effect": "off" },
  },
  {
    files: BROWSER_CODE,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/*.server", "**/*.server.ts"], allowTypeImports: true, message: "Browser code may import only the types of a *.server module." },
          ],
        },
      ],
    },
  },
  {
    files: ["tests/**", "scripts/**", "*.config.{js,ts}", "*.mjs"],
    languageOptions: { globals: globals.node },
    rules: { "@typescript-eslint/no-floating-promises": "off" },
  },
  {
    // The gate and the type's own module make screened texts; tests write fixtures past the gate on purpose.
    files: ["app/services/safety/safety-gate.server.ts", "app/lib/safety/screened.ts", "tests/**"],
    rules: { "no-restricted-syntax": ["error", ZOD_NAMESPACE_IMPORT] },
  },
  { files: ["**/*.{js,mjs}"], ...tseslint.configs.disableTypeChecked },
);
