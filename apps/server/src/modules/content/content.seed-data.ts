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

/**
 * Every demo promotion is paid by a rewards programme the permissive demo switches on
 * (db/seed-demo-rewards.ts): the welcome, Friday and slots-challenge bonuses by the reward rules
 * linked to them, the weekly rebate by the rebate's settings. Their words say what those pay, no
 * more; where the programmes are not installed (DEMO_REWARDS off) the promotions are not published.
 */
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
          '<p>No seu <strong>primeiro depósito</strong>, dobramos o valor em bônus até <strong>R$ 500,00</strong>.</p><h3>Regras</h3><ul><li>Depósito mínimo de R$ 20,00.</li><li>O bônus deve ser apostado 10 vezes antes do saque.</li><li>Uma vez por jogador.</li></ul><p><small>O bônus expira 30 dias depois de creditado.</small></p>',
      },
      EN: {
        title: 'Welcome bonus: 100% up to R$ 500',
        bodyHtml:
          '<p>On your <strong>first deposit</strong> we double the amount in bonus money, up to <strong>R$ 500.00</strong>.</p><h3>Rules</h3><ul><li>Minimum deposit R$ 20.00.</li><li>The bonus must be wagered 10 times before withdrawal.</li><li>Once per player.</li></ul><p><small>The bonus expires 30 days after it is credited.</small></p>',
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
        title: 'Rebate semanal: até 0,5% do que você aposta',
        bodyHtml:
          '<p>Toda semana devolvemos uma parte do que você apostou, <strong>sem exigência de apostas</strong>: resgate na página Rebate da sua conta.</p><h3>Taxas</h3><ul><li>Slots e pesca: 0,5%.</li><li>Cassino ao vivo, esportes e e-sports: 0,3%.</li><li>Loterias, PvP e rinha: 0,2%.</li></ul>',
      },
      EN: {
        title: 'Weekly rebate: up to 0.5% of what you stake',
        bodyHtml:
          '<p>Every week we return part of what you staked, <strong>with no wagering requirement</strong>: claim it on your account’s Rebate page.</p><h3>Rates</h3><ul><li>Slots and fishing: 0.5%.</li><li>Live casino, sports and e-sports: 0.3%.</li><li>Lotteries, PvP and cockfighting: 0.2%.</li></ul>',
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
          '<p>Às sextas-feiras, cada depósito a partir de R$ 50,00 recebe <strong>20% extra</strong> em bônus, até R$ 200,00 por depósito.</p><h3>Regras</h3><ul><li>Participe na própria sexta-feira: marque a promoção ao depositar ou toque em Participar nesta página.</li><li>Apostar o extra 5 vezes libera o saque.</li></ul>',
      },
      EN: {
        title: 'Top-up Friday: 20% extra',
        bodyHtml:
          '<p>On Fridays, every deposit from R$ 50.00 gets <strong>20% extra</strong> in bonus money, up to R$ 200.00 a deposit.</p><h3>Rules</h3><ul><li>Opt in on the Friday itself: tick the promotion when you deposit, or tap Join on this page.</li><li>Wager the extra 5 times to withdraw it.</li></ul>',
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
        title: 'Desafio diário de slots: R$ 5 de bônus',
        bodyHtml:
          '<p>Toque em <strong>Participar</strong> e chegue a <strong>R$ 100,00</strong> apostados em slots no dia: ganhe <strong>R$ 5,00</strong> em bônus.</p><h3>Regras</h3><ul><li>Participe a cada dia; conta tudo o que você apostar em slots naquele dia.</li><li>Uma vez por dia.</li><li>O bônus deve ser apostado 1 vez antes do saque.</li></ul>',
      },
      EN: {
        title: 'Daily slots challenge: R$ 5 bonus',
        bodyHtml:
          '<p>Tap <strong>Join</strong> and reach <strong>R$ 100.00</strong> staked on slots in the day: get <strong>R$ 5.00</strong> in bonus money.</p><h3>Rules</h3><ul><li>Join each day; everything you stake on slots that day counts.</li><li>Once a day.</li><li>The bonus must be wagered once before withdrawal.</li></ul>',
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
    words: { PT: { title: 'Rebate semanal', bodyHtml: '' }, EN: { title: 'Weekly rebate', bodyHtml: '' } },
  },
  {
    group: 'w_home',
    picture: 'tournament',
    link: { promotion: 'tournament' },
    words: {
      PT: { title: 'Desafio diário de slots', bodyHtml: '' },
      EN: { title: 'Daily slots challenge', bodyHtml: '' },
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
