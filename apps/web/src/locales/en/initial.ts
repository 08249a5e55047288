import common from './common.json';
import lobby from './lobby.json';

/**
 * The namespaces the shell renders with (header, side menu, footer, home), in one file so the
 * first render waits for a single small download. Other namespaces load after it or per page.
 */
export default { common, lobby };
