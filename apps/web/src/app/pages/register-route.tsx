import { RegisterPage } from '../../features/auth/components/register-page';
import { NewPlayerSlider } from '../../features/content/components/new-player-slider';
import './register-route.css';

/** /register and /register.html: the registration page with the new_player promotions beside it. */
export function RegisterRoute() {
  return (
    <div className="register-route">
      <RegisterPage />
      <aside className="register-route__offers">
        <NewPlayerSlider />
      </aside>
    </div>
  );
}
