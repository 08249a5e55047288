// Setup of the `components` vitest project (vitest.config.ts): Testing Library's DOM matchers
// (toBeInTheDocument, toHaveTextContent, toBeDisabled…) on vitest's expect, and a clean document
// after every test, since the project does not turn on vitest's globals (which is how Testing
// Library would find afterEach by itself).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
