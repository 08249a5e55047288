// The DOM matchers the component tests use (packages/ui/test/component-setup.ts registers them).
/// <reference types="@testing-library/jest-dom/vitest" />
