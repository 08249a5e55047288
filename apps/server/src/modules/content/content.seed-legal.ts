import type { ContentTranslation } from '@wps/shared/schemas/content';

/** The terms' line about bonuses, left out where the licence forbids them (demoLegal). */
const BONUS_CLAUSE = {
  PT: '\n<li>Bônus têm regras próprias de apostas, descritas em cada promoção.</li>',
  EN: '\n<li>Bonuses have their own wagering rules, described in each promotion.</li>',
};

/**
 * The demo operator's legal pages (terms, privacy, responsible gaming), seeded with the demo
 * content. They describe how this platform actually behaves, so a newcomer reads something true;
 * a licensed operator replaces them with its own lawyers' text from the back office.
 */
export const DEMO_LEGAL: Record<
  'terms' | 'privacy' | 'responsible_gaming',
  { PT: ContentTranslation; EN: ContentTranslation }
> = {
  terms: {
    PT: {
      title: 'Termos e condições',
      bodyHtml: `<h2>1. Quem pode jogar</h2>
<p>Somente maiores de 18 anos, com uma única conta por pessoa. Contas duplicadas ou abertas em nome de terceiros são encerradas.</p>
<h2>2. A sua conta</h2>
<p>Você é responsável por manter a senha de acesso e a senha de pagamento em sigilo. Avise o atendimento imediatamente se suspeitar de uso indevido.</p>
<h2>3. Depósitos e saques</h2>
<ul><li>Os valores são registrados em centavos, em reais (BRL), e cada movimento aparece no seu registro de conta.</li>
<li>Os saques são pagos somente na conta bancária cadastrada em seu nome, após revisão.</li>${BONUS_CLAUSE.PT}</ul>
<h2>4. Jogos</h2>
<p>Os jogos de terceiros seguem as regras dos seus fornecedores. Os jogos da casa são comprovadamente justos: o resultado de cada rodada pode ser recalculado por você.</p>
<h2>5. Encerramento</h2>
<p>Você pode encerrar a sua conta a qualquer momento pelo atendimento; o saldo disponível é pago na conta cadastrada.</p>`,
    },
    EN: {
      title: 'Terms and conditions',
      bodyHtml: `<h2>1. Who may play</h2>
<p>Only people aged 18 or over, with a single account each. Duplicate accounts or accounts opened for someone else are closed.</p>
<h2>2. Your account</h2>
<p>You are responsible for keeping your login password and payment password secret. Tell customer service at once if you suspect misuse.</p>
<h2>3. Deposits and withdrawals</h2>
<ul><li>Amounts are recorded in cents, in Brazilian reais (BRL), and every movement appears in your account record.</li>
<li>Withdrawals are paid only to the bank account bound in your own name, after review.</li>${BONUS_CLAUSE.EN}</ul>
<h2>4. Games</h2>
<p>Third-party games follow their providers’ rules. House games are provably fair: you can recompute the result of every round.</p>
<h2>5. Closing your account</h2>
<p>You may close your account at any time through customer service; the available balance is paid to your bound account.</p>`,
    },
  },
  privacy: {
    PT: {
      title: 'Política de privacidade',
      bodyHtml: `<h2>O que guardamos</h2>
<p>Os dados do cadastro (usuário, nome do titular, celular, e-mail), as suas transações e rodadas, e os endereços IP de acesso, para segurança e prevenção de fraude.</p>
<h2>Como protegemos</h2>
<ul><li>As senhas são guardadas somente como hash (scrypt); ninguém da equipe consegue lê-las.</li>
<li>Os dados sensíveis viajam cifrados entre o seu navegador e o servidor.</li>
<li>Cada acesso da equipe aos seus dados fica registrado em auditoria.</li></ul>
<h2>Os seus direitos (LGPD)</h2>
<p>Você pode pedir acesso, correção ou exclusão dos seus dados pelo atendimento, salvo o que a lei nos obriga a manter.</p>`,
    },
    EN: {
      title: 'Privacy policy',
      bodyHtml: `<h2>What we keep</h2>
<p>Your registration details (username, payee name, mobile, e-mail), your transactions and rounds, and the IP addresses you connect from, for security and fraud prevention.</p>
<h2>How we protect it</h2>
<ul><li>Passwords are kept only as a hash (scrypt); nobody on the team can read them.</li>
<li>Sensitive data travels encrypted between your browser and the server.</li>
<li>Every access by staff to your data is recorded in an audit log.</li></ul>
<h2>Your rights (LGPD)</h2>
<p>You may ask customer service for access to, correction or deletion of your data, except what the law requires us to keep.</p>`,
    },
  },
  responsible_gaming: {
    PT: {
      title: 'Jogo responsável',
      bodyHtml: `<p>Jogar deve ser diversão, nunca uma forma de ganhar dinheiro ou de resolver problemas.</p>
<h2>Dicas</h2>
<ul><li>Defina antes de começar quanto pode perder e por quanto tempo vai jogar.</li>
<li>Nunca tente recuperar perdas aumentando as apostas.</li>
<li>Faça pausas e não jogue sob efeito de álcool ou quando estiver triste ou estressado.</li></ul>
<h2>Precisa de ajuda?</h2>
<p>Fale com o nosso atendimento para pausar ou encerrar a sua conta. Apoio gratuito e sigiloso: <a href="https://www.jogadoresanonimos.com.br" target="_blank" rel="noopener noreferrer">Jogadores Anônimos</a>.</p>`,
    },
    EN: {
      title: 'Responsible gaming',
      bodyHtml: `<p>Playing should be entertainment, never a way to earn money or to solve problems.</p>
<h2>Tips</h2>
<ul><li>Decide before you start how much you can afford to lose and how long you will play.</li>
<li>Never chase losses by raising your stakes.</li>
<li>Take breaks, and do not play after drinking or when you feel low or stressed.</li></ul>
<h2>Need help?</h2>
<p>Talk to our customer service to pause or close your account. Free, confidential support: <a href="https://www.jogadoresanonimos.com.br" target="_blank" rel="noopener noreferrer">Gamblers Anonymous Brazil</a>.</p>`,
    },
  },
};

/** The legal pages for a licence: without the bonus line where bonuses are forbidden (BR), so the terms promise nothing the site may not offer. */
export function demoLegal(bonusesAllowed: boolean): typeof DEMO_LEGAL {
  if (bonusesAllowed) return DEMO_LEGAL;
  const { PT, EN } = DEMO_LEGAL.terms;
  return {
    ...DEMO_LEGAL,
    terms: {
      PT: { ...PT, bodyHtml: PT.bodyHtml.replace(BONUS_CLAUSE.PT, '') },
      EN: { ...EN, bodyHtml: EN.bodyHtml.replace(BONUS_CLAUSE.EN, '') },
    },
  };
}
