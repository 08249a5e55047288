import { RegisterPage } from '../../features/auth/components/register-page';
import { NewPlayerSlider } from '../../features/content/components/new-player-slider';
import { OnlineServiceContacts } from '../../features/system/components/online-service-contacts';
import './register-route.css';

/**
 * /register and /register.html: the registration page with the new_player promotions beside it
 * and the online-service list under both.
 */
export function RegisterRoute() {
  return (
    <div className="register-route">
      <RegisterPage />
      <aside className="register-route__offers">
        <NewPlayerSlider />
      </aside>
      <div className="register-route__help">
        <OnlineServiceContacts />
      </div>
    </div>
  );
}
