import type { ContentTranslation, PromotionTag } from '@wps/shared/schemas/content';

/**
 * The demo operator's site content (content.seed.ts writes it through the content service on a
 * fresh database): what a newcomer sees on the first `npm start`. Every item has its Portuguese
 * and English words. Operators replace or archive all of it from the back office.
 */
type Words = { PT: ContentTranslation; EN: ContentTranslation };

/** Banner pictures drawn by scripts/draw-demo-banners.ts, in ./demo. */
export type DemoPicture = 'welcome' | 'fair' | 'cashback' | 'tournament' | 'reload';

export type DemoPromotion = {
  key: string;
  category: 'new_player' | 'deposit' | 'rebate' | 'slots';
  tags: PromotionTag[];
  picture: DemoPicture;
  words: Words;
};

export const DEMO_PROMOTIONS: DemoPromotion[] = [
  {
    key: 'welcome',
    tags: ['newbie'],
    category: 'new_player',
    picture: 'welcome',
    words: {
      PT: {
        title: 'Bônus de boas-vindas: 100% até R$ 500',
        bodyHtml:
          '<p>No seu <strong>primeiro depósito</strong>, dobramos o valor até <strong>R$ 500,00</strong>.</p><h3>Regras</h3><ul><li>Depósito mínimo de R$ 20,00.</li><li>O bônus deve ser apostado 10 vezes antes do saque.</li><li>Uma vez por jogador, CPF e dispositivo.</li></ul><p><small>Válido por 30 dias a partir do cadastro.</small></p>',
      },
      EN: {
        title: 'Welcome bonus: 100% up to R$ 500',
        bodyHtml:
          '<p>On your <strong>first deposit</strong> we double the amount, up to <strong>R$ 500.00</strong>.</p><h3>Rules</h3><ul><li>Minimum deposit R$ 20.00.</li><li>The bonus must be wagered 10 times before withdrawal.</li><li>Once per player, CPF and device.</li></ul><p><small>Valid for 30 days from sign-up.</small></p>',
      },
    },
  },
  {
    key: 'cashback',
    tags: ['high_rebate'],
    category: 'rebate',
    picture: 'cashback',
    words: {
      PT: {
        title: 'Cashback semanal de 5%',
        bodyHtml:
          '<p>Toda segunda-feira devolvemos <strong>5%</strong> das perdas líquidas da semana anterior, até R$ 1.000,00.</p><h3>Regras</h3><ul><li>Perda líquida mínima de R$ 50,00.</li><li>Crédito sem exigência de apostas.</li></ul>',
      },
      EN: {
        title: '5% weekly cashback',
        bodyHtml:
          '<p>Every Monday we return <strong>5%</strong> of the previous week’s net losses, up to R$ 1,000.00.</p><h3>Rules</h3><ul><li>Minimum net loss R$ 50.00.</li><li>Credited with no wagering requirement.</li></ul>',
      },
    },
  },
  {
    key: 'friday',
    tags: ['limited', 'special_offer'],
    category: 'deposit',
    picture: 'reload',
    words: {
      PT: {
        title: 'Sexta da recarga: 20% extra',
        bodyHtml:
          '<p>Às sextas-feiras, cada depósito a partir de R$ 50,00 recebe <strong>20% extra</strong>, até R$ 200,00.</p><p>Apostar o extra 5 vezes libera o saque.</p>',
      },
      EN: {
        title: 'Top-up Friday: 20% extra',
        bodyHtml:
          '<p>On Fridays, every deposit from R$ 50.00 gets <strong>20% extra</strong>, up to R$ 200.00.</p><p>Wager the extra 5 times to withdraw it.</p>',
      },
    },
  },
  {
    key: 'tournament',
    tags: ['vip'],
    category: 'slots',
    picture: 'tournament',
    words: {
      PT: {
        title: 'Torneio mensal de slots',
        bodyHtml:
          '<p>Cada R$ 1,00 apostado em slots vale 1 ponto. Os <strong>50 primeiros</strong> do mês dividem R$ 10.000,00.</p><table><thead><tr><th scope="col">Posição</th><th scope="col">Prêmio</th></tr></thead><tbody><tr><td>1º</td><td>R$ 3.000,00</td></tr><tr><td>2º</td><td>R$ 1.500,00</td></tr><tr><td>3º–50º</td><td>R$ 116,66</td></tr></tbody></table>',
      },
      EN: {
        title: 'Monthly slots tournament',
        bodyHtml:
          '<p>Every R$ 1.00 staked on slots is worth 1 point. The month’s <strong>top 50</strong> share R$ 10,000.00.</p><table><thead><tr><th scope="col">Place</th><th scope="col">Prize</th></tr></thead><tbody><tr><td>1st</td><td>R$ 3,000.00</td></tr><tr><td>2nd</td><td>R$ 1,500.00</td></tr><tr><td>3rd–50th</td><td>R$ 116.66</td></tr></tbody></table>',
      },
    },
  },
];

/** Banners by route group: a picture and where a click goes (a promotion by key, or a page of the site). */
export type DemoBanner = {
  group: 'w_home' | 'w_promotion' | 'w_reg' | 'w_inhouse';
  picture: DemoPicture;
  link: { promotion: string } | { page: string };
  words: Words;
};

const fairWords: Words = {
  PT: { title: 'Jogos da casa com resultado verificável', bodyHtml: '' },
  EN: { title: 'House games with verifiable results', bodyHtml: '' },
};
const welcomeWords: Words = {
  PT: { title: 'Bônus de boas-vindas de 100%', bodyHtml: '' },
  EN: { title: '100% welcome bonus', bodyHtml: '' },
};

export const DEMO_BANNERS: DemoBanner[] = [
  { group: 'w_home', picture: 'welcome', link: { promotion: 'welcome' }, words: welcomeWords },
  { group: 'w_home', picture: 'fair', link: { page: '/inhouse' }, words: fairWords },
  {
    group: 'w_home',
    picture: 'cashback',
    link: { promotion: 'cashback' },
    words: { PT: { title: 'Cashback semanal de 5%', bodyHtml: '' }, EN: { title: '5% weekly cashback', bodyHtml: '' } },
  },
  {
    group: 'w_home',
    picture: 'tournament',
    link: { promotion: 'tournament' },
    words: {
      PT: { title: 'Torneio mensal de slots', bodyHtml: '' },
      EN: { title: 'Monthly slots tournament', bodyHtml: '' },
    },
  },
  { group: 'w_promotion', picture: 'welcome', link: { promotion: 'welcome' }, words: welcomeWords },
  { group: 'w_reg', picture: 'welcome', link: { promotion: 'welcome' }, words: welcomeWords },
  { group: 'w_inhouse', picture: 'fair', link: { page: '/inhouse' }, words: fairWords },
];

/** Announcements (type B: the general list), newest last. */
export const DEMO_ANNOUNCEMENTS: Words[] = [
  {
    PT: {
      title: 'Bem-vindo ao site de demonstração',
      bodyHtml:
        '<p>Este é o operador de demonstração. Todo o dinheiro aqui é de teste: deposite pelo gateway sandbox e experimente os jogos à vontade.</p>',
    },
    EN: {
      title: 'Welcome to the demo site',
      bodyHtml:
        '<p>This is the demo operator. All money here is test money: deposit through the sandbox gateway and try the games freely.</p>',
    },
  },
  {
    PT: {
      title: 'Jogos da casa comprováveis',
      bodyHtml:
        '<p>Cada rodada dos nossos jogos da casa pode ser conferida: o hash da semente do servidor é mostrado antes da aposta e a semente é revelada depois. Veja o painel de justiça em cada jogo.</p>',
    },
    EN: {
      title: 'Provably fair house games',
      bodyHtml:
        '<p>Every round of our house games can be checked: the server seed’s hash is shown before you bet and the seed is revealed afterwards. See the fairness panel in each game.</p>',
    },
  },
  {
    PT: {
      title: 'Manutenção programada',
      bodyHtml:
        '<p>Na madrugada de domingo, entre 03:00 e 03:30 (horário de Brasília), alguns provedores podem ficar indisponíveis por alguns minutos.</p>',
    },
    EN: {
      title: 'Scheduled maintenance',
      bodyHtml:
        '<p>Early on Sunday, between 03:00 and 03:30 (Brasília time), some providers may be unavailable for a few minutes.</p>',
    },
  },
];

/** Help articles by the operator's own category codes. */
export const DEMO_HELP: { category: string; words: Words }[] = [
  {
    category: 'deposit',
    words: {
      PT: {
        title: 'Como faço um depósito?',
        bodyHtml:
          '<p>Toque em <strong>Depositar</strong>, escolha o canal, informe o valor e siga as instruções. O saldo é creditado assim que o pagamento é confirmado.</p>',
      },
      EN: {
        title: 'How do I deposit?',
        bodyHtml:
          '<p>Tap <strong>Deposit</strong>, choose a channel, enter the amount and follow the instructions. Your balance is credited as soon as the payment is confirmed.</p>',
      },
    },
  },
  {
    category: 'withdrawal',
    words: {
      PT: {
        title: 'Quanto tempo leva um saque?',
        bodyHtml:
          '<p>Os saques são revisados pela equipe e pagos na conta bancária cadastrada, normalmente no mesmo dia. Você acompanha o estado em <strong>Registro de saques</strong>.</p>',
      },
      EN: {
        title: 'How long does a withdrawal take?',
        bodyHtml:
          '<p>Withdrawals are reviewed by our team and paid to your bound bank account, usually the same day. You can follow each one under <strong>Withdrawal record</strong>.</p>',
      },
    },
  },
  {
    category: 'withdrawal',
    words: {
      PT: {
        title: 'Por que preciso de uma senha de pagamento?',
        bodyHtml:
          '<p>A senha de pagamento protege saques e transferências mesmo que alguém descubra a sua senha de acesso. Defina-a na Central de segurança.</p>',
      },
      EN: {
        title: 'Why do I need a payment password?',
        bodyHtml:
          '<p>The payment password protects withdrawals and transfers even if someone learns your login password. Set it in the Security centre.</p>',
      },
    },
  },
  {
    category: 'account',
    words: {
      PT: {
        title: 'Esqueci a minha senha',
        bodyHtml:
          '<p>Na tela de entrada, toque em <strong>Esqueceu a senha?</strong> e receba um código pelo celular ou e-mail vinculado.</p>',
      },
      EN: {
        title: 'I forgot my password',
        bodyHtml:
          '<p>On the login screen, tap <strong>Forgot password?</strong> and receive a code on your bound mobile or e-mail.</p>',
      },
    },
  },
  {
    category: 'games',
    words: {
      PT: {
        title: 'O que é um jogo comprovadamente justo?',
        bodyHtml:
          '<p>O resultado de cada rodada é fixado antes da aposta por uma semente secreta do servidor, cujo hash você vê antes de jogar, e pela sua semente. Depois da rodada, a semente é revelada e qualquer pessoa pode recalcular o resultado.</p>',
      },
      EN: {
        title: 'What is a provably fair game?',
        bodyHtml:
          '<p>Each round’s result is fixed before you bet by a secret server seed, whose hash you see before playing, and by your own seed. After the round the seed is revealed and anyone can recompute the result.</p>',
      },
    },
  },
];

/**
 * The ombudsman's contacts (ouvidoria), a footer block: a Brazilian licence asks that players can
 * reach one (Law 14.790/2023 arts. 15 and 28; docs/compliance.md, "Player rights").
 */
export const DEMO_OMBUDSMAN: Words = {
  PT: {
    title: 'Ouvidoria',
    bodyHtml:
      '<p>ouvidoria@exemplo.com.br · 0800 000 0000 · dias úteis, das 9h às 18h (horário de Brasília). Atendimento em português.</p>',
  },
  EN: {
    title: 'Ombudsman',
    bodyHtml:
      '<p>ouvidoria@exemplo.com.br · 0800 000 0000 · working days, 9 am to 6 pm (Brasília time). Service in Portuguese.</p>',
  },
};
