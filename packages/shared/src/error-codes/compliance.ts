// ErrorCode's codes for compliance (docs/compliance.md): responsible gambling, identity and the barred lists, the regulator's export, KYC, payments under the licence, monitoring and AML, trusted devices, sign-in with an identity provider, and the licence itself. Callers import ErrorCode from ../error-codes.ts.
export const COMPLIANCE_ERRORS = {
  /** Responsible gambling (modules/responsible-gaming, docs/compliance.md): limits, time-outs, self-exclusion. */
  RG_DEPOSIT_LIMIT_REACHED: 'RG_DEPOSIT_LIMIT_REACHED',
  RG_STAKE_LIMIT_EXCEEDED: 'RG_STAKE_LIMIT_EXCEEDED',
  RG_VENDOR_WALLET_OVER_STAKE_LIMIT: 'RG_VENDOR_WALLET_OVER_STAKE_LIMIT',
  RG_LOSS_LIMIT_REACHED: 'RG_LOSS_LIMIT_REACHED',
  RG_LIMITS_REQUIRED: 'RG_LIMITS_REQUIRED',
  RG_TIME_LIMIT_REACHED: 'RG_TIME_LIMIT_REACHED',
  RG_TIME_OUT_ACTIVE: 'RG_TIME_OUT_ACTIVE',
  RG_SELF_EXCLUDED: 'RG_SELF_EXCLUDED',
  RG_SELF_EXCLUSION_COOLING_OFF: 'RG_SELF_EXCLUSION_COOLING_OFF',
  RG_EXCLUDED_REGISTRATION: 'RG_EXCLUDED_REGISTRATION',
  RG_LIMIT_CHANGE_NOT_PENDING: 'RG_LIMIT_CHANGE_NOT_PENDING',
  RG_LIMIT_CHANGE_NOT_DUE: 'RG_LIMIT_CHANGE_NOT_DUE',
  RG_REALITY_CHECK_REQUIRED: 'RG_REALITY_CHECK_REQUIRED',
  RG_REOPEN_INVALID: 'RG_REOPEN_INVALID',
  /**
   * Identity under a profile that identifies players (BR; docs/compliance.md): an account exists
   * for this CPF; younger than the licence's minimum age; a registration the barred-persons list
   * refuses (the reason is never told); a login it refuses; the list could not be asked (nothing
   * was done: try again).
   */
  CPF_TAKEN: 'CPF_TAKEN',
  UNDER_MINIMUM_AGE: 'UNDER_MINIMUM_AGE',
  REGISTRATION_REFUSED: 'REGISTRATION_REFUSED',
  ACCOUNT_RESTRICTED: 'ACCOUNT_RESTRICTED',
  /** An account made before the operator switched to a licence that identifies players: its session does nothing but take the CPF and date of birth (POST /wps/member/identity). */
  IDENTITY_REQUIRED: 'IDENTITY_REQUIRED',
  BARRED_LIST_UNAVAILABLE: 'BARRED_LIST_UNAVAILABLE',
  /** Barred-list hits in the back office: unknown; already settled (or a sign-up refusal, with nothing to settle); the member still has a balance to move out first. */
  BARRED_HIT_NOT_FOUND: 'BARRED_HIT_NOT_FOUND',
  BARRED_HIT_NOT_OPEN: 'BARRED_HIT_NOT_OPEN',
  BARRED_BALANCE_OUTSTANDING: 'BARRED_BALANCE_OUTSTANDING',
  /**
   * A barred member's refund by PIX: an earlier refund is still under way or
   * paid; the balance cannot go out as a withdrawal (`value.reason`: nothing_to_refund, no_pix_key,
   * below_minimum, above_maximum, identity_unverified); the hit's refund is not paid yet, so it
   * cannot be settled.
   */
  BARRED_REFUND_OPEN: 'BARRED_REFUND_OPEN',
  BARRED_REFUND_NOT_PAYABLE: 'BARRED_REFUND_NOT_PAYABLE',
  BARRED_REFUND_NOT_PAID: 'BARRED_REFUND_NOT_PAID',
  /** The sandbox barred list: the CPF is listed already; an unknown entry. */
  BARRED_CPF_LISTED: 'BARRED_CPF_LISTED',
  BARRED_LIST_ENTRY_NOT_FOUND: 'BARRED_LIST_ENTRY_NOT_FOUND',
  /** The daily regulator export (docs/compliance.md, "Records, audit and reports"): a run of that day is in progress; the day has not ended (with its grace); no such run or file. */
  REGULATOR_EXPORT_BUSY: 'REGULATOR_EXPORT_BUSY',
  REGULATOR_EXPORT_DAY_NOT_ENDED: 'REGULATOR_EXPORT_DAY_NOT_ENDED',
  REGULATOR_EXPORT_NOT_FOUND: 'REGULATOR_EXPORT_NOT_FOUND',
  /**
   * Identity checks (KYC; docs/compliance.md, "KYC"): the player is verified already; no provider
   * can take a check now (nothing was started); no such check; the check is not waiting for an
   * operator; a withdrawal (or a deposit past the unverified limit) needs a verified identity.
   */
  KYC_ALREADY_VERIFIED: 'KYC_ALREADY_VERIFIED',
  KYC_PROVIDER_UNAVAILABLE: 'KYC_PROVIDER_UNAVAILABLE',
  KYC_CHECK_NOT_FOUND: 'KYC_CHECK_NOT_FOUND',
  KYC_NOT_IN_REVIEW: 'KYC_NOT_IN_REVIEW',
  KYC_REQUIRED: 'KYC_REQUIRED',
  /** Before the identity check has passed, deposits stop at the operator's cumulative cap (`value`: cap and room left). */
  KYC_DEPOSIT_CAP_REACHED: 'KYC_DEPOSIT_CAP_REACHED',
  /** A facial re-verification was due at login: no play, deposit or withdrawal until it passes. */
  KYC_REVERIFICATION_REQUIRED: 'KYC_REVERIFICATION_REQUIRED',
  /** A re-verification was asked for while none is due. */
  KYC_REVERIFICATION_NOT_DUE: 'KYC_REVERIFICATION_NOT_DUE',
  /** Under a licence that identifies players the payee name is the one read from the verified document: the player cannot type it. */
  PAYEE_NAME_FROM_IDENTITY: 'PAYEE_NAME_FROM_IDENTITY',
  /** Closing one's account (docs/compliance.md, "Player rights"): refused for an agent, while money is still at a game vendor, or when closed already (`value.reason`: agent, balance, closed). */
  ACCOUNT_CLOSURE_REFUSED: 'ACCOUNT_CLOSURE_REFUSED',
  /**
   * PIX and own accounts (docs/compliance.md, "PIX"): the licence does not take this kind of
   * money (cards, crypto, cash under BR); the account has no CPF to match payments and payout
   * accounts against; the PIX key or bank account belongs to another CPF; the PIX directory does
   * not know it; the directory cannot be asked now.
   */
  DEPOSIT_METHOD_NOT_ALLOWED: 'DEPOSIT_METHOD_NOT_ALLOWED',
  OWN_CPF_REQUIRED: 'OWN_CPF_REQUIRED',
  PAYOUT_ACCOUNT_NOT_OWN: 'PAYOUT_ACCOUNT_NOT_OWN',
  PAYOUT_ACCOUNT_UNKNOWN: 'PAYOUT_ACCOUNT_UNKNOWN',
  PIX_DIRECTORY_UNAVAILABLE: 'PIX_DIRECTORY_UNAVAILABLE',
  /** The gateway could not take back a payment it must return to its payer; the gateway retries its webhook. */
  DEPOSIT_RETURN_PENDING: 'DEPOSIT_RETURN_PENDING',
  /**
   * An operator's confirmation of a manual bank transfer under a licence that takes only the
   * player's own money (BR): the statement's payer CPF was not given (`value.reason`
   * 'payer_unknown') or is not the player's ('payer_not_owner', with `value.payerCpfMasked`).
   * Nothing is credited or written; the operator rejects the order and returns the money.
   */
  DEPOSIT_PAYER_NOT_OWNER: 'DEPOSIT_PAYER_NOT_OWNER',
  /** Behaviour monitoring (docs/compliance.md, "Behaviour monitoring"): no such flag; the flag is closed already (notes and outcome are kept as they were). */
  MONITORING_FLAG_NOT_FOUND: 'MONITORING_FLAG_NOT_FOUND',
  MONITORING_FLAG_CLOSED: 'MONITORING_FLAG_CLOSED',
  /**
   * Anti-money laundering (docs/compliance.md, "Anti-money laundering"): no such case; the case's
   * state does not allow this step (`value.status`); the operator who proposed a filing cannot
   * approve it (four eyes); the COAF report could not be sent now (nothing filed, try again).
   */
  AML_CASE_NOT_FOUND: 'AML_CASE_NOT_FOUND',
  AML_CASE_STATE: 'AML_CASE_STATE',
  AML_CASE_OWN_FILING: 'AML_CASE_OWN_FILING',
  AML_REPORT_UNAVAILABLE: 'AML_REPORT_UNAVAILABLE',
  /** The online-service list's chat entry asked for is switched off or no longer there. */
  ONLINE_SERVICE_NOT_FOUND: 'ONLINE_SERVICE_NOT_FOUND',
  /** Login from a device the account has not remembered (docs/decisions.md): the code is wrong, spent or its challenge unknown; the code has expired; no such remembered device. */
  DEVICE_CODE_INVALID: 'DEVICE_CODE_INVALID',
  DEVICE_CODE_EXPIRED: 'DEVICE_CODE_EXPIRED',
  TRUSTED_DEVICE_NOT_FOUND: 'TRUSTED_DEVICE_NOT_FOUND',
  /** No code can reach the account (no mobile, no e-mail): the player asks their agent for a pass. */
  DEVICE_VERIFICATION_NO_CONTACT: 'DEVICE_VERIFICATION_NO_CONTACT',
  /** The agent's pass is only for accounts no code can reach. */
  DEVICE_PASS_HAS_CONTACT: 'DEVICE_PASS_HAS_CONTACT',
  /**
   * Sign-in with an identity provider: no such enabled provider; the attempt (state) is unknown,
   * spent, expired or from another browser; the provider refused or its answer did not validate;
   * the identity is linked to another account already; no such link of the member.
   */
  OIDC_PROVIDER_NOT_FOUND: 'OIDC_PROVIDER_NOT_FOUND',
  OIDC_FLOW_INVALID: 'OIDC_FLOW_INVALID',
  OIDC_SIGN_IN_FAILED: 'OIDC_SIGN_IN_FAILED',
  OIDC_IDENTITY_TAKEN: 'OIDC_IDENTITY_TAKEN',
  OIDC_LINK_NOT_FOUND: 'OIDC_LINK_NOT_FOUND',
  /**
   * The operator's licence (modules/licence): a door the licence refuses (`value` names the door,
   * the rule and its source); a switch of profile that live set-ups would break (`value.blockers`
   * lists them); a switch already waiting; an unknown or decided switch; a door no check was wired
   * to, refused rather than let through (the port fails closed).
   */
  LICENCE_REFUSED: 'LICENCE_REFUSED',
  LICENCE_SWITCH_BLOCKED: 'LICENCE_SWITCH_BLOCKED',
  LICENCE_CHANGE_PENDING: 'LICENCE_CHANGE_PENDING',
  LICENCE_CHANGE_NOT_FOUND: 'LICENCE_CHANGE_NOT_FOUND',
  LICENCE_CHANGE_ALREADY_DECIDED: 'LICENCE_CHANGE_ALREADY_DECIDED',
  LICENCE_DOOR_NOT_WIRED: 'LICENCE_DOOR_NOT_WIRED',
  /**
   * The licence's contactConfirmation rule: an account registered without a confirmed contact
   * stakes and moves no money until it enters a code sent to its e-mail or mobile (`value` as
   * LICENCE_REFUSED's: the door, the rule and its source).
   */
  CONTACT_CONFIRMATION_REQUIRED: 'CONTACT_CONFIRMATION_REQUIRED',
  /**
   * The licence's certifiedGames rule: a house original with no lab certificate on record is not
   * offered where the licence asks for one (`value` as LICENCE_REFUSED's, with the game's node id).
   */
  GAME_NOT_CERTIFIED: 'GAME_NOT_CERTIFIED',
} as const;
