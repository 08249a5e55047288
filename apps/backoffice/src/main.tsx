import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import 'react-day-picker/style.css';
import './styles/tokens.css';
import './styles/base.css';
import './styles/ui.css';
import './styles/shell.css';
import './styles/data-table.css';
import './styles/widgets.css';
import { App } from './app/app';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
