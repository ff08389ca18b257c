/**
 * Valid requests for the operations of openapi.yaml, shared by the suites of tests/contract that need a request the
 * backend would accept but for the one thing they test.
 */

/** Who sends a sample: a visitor, the free demo member or the demo moderator. */
export type Who = 'visitor' | 'free' | 'moderator';
/** A query parameter's value: a list is sent as the parameter repeated (OpenAPI's exploded `form` style). */
export type QueryValue = string | number | (string | number)[];
export interface Sample {
  who?: Who;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** The name-value pairs of a sample's query, a list's values each under the parameter's name. */
export function queryPairs(query: Record<string, QueryValue> | undefined): [string, string][] {
  return Object.entries(query ?? {}).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((one): [string, string] => [k, String(one)]));
}

const ZERO_TOKEN = '0'.repeat(64);

/**
 * One otherwise valid request per operation (or per variant) that takes strings or integers, `memberId` a member the
 * free demo member may see: the bad-input suite makes one field of it bad at a time, the security suite sends it whole.
 */
export function operationSamples(memberId: number): Record<string, Sample[]> {
  return {
    postUser: [
      { body: { email: 'free@demo.test', password: 'wrong-password' } },
      { who: 'free', query: { push: 1 }, body: { subscription: JSON.stringify({ endpoint: 'https://push.example/bad-input' }) } },
    ],
    putUser: [{ who: 'free', body: { language: 'en' } }],
    putSexualHealth: [
      {
        who: 'free',
        body: {
          consent: true,
          hiv_status: 'negative',
          last_test: '2026-01-01',
          visibility: 'nobody',
          reminder: 'off',
          reminder_channel: 'mail',
        },
      },
    ],
    listFootprints: [{ who: 'free', query: { limit: 10, cursor: 'MTcwMDAwMDAwMDAwMDAwMC4x' } }],
    getSettings: [{ query: { host: 'localhost', network: 'aff1', country: 'NL' } }],
    getRegions: [{ query: { country: 'NL' } }],
    submitComplaint: [
      {
        body: {
          name: 'Bad Input',
          email: 'bad-input@example.test',
          category: 'technical',
          message: 'A complaint long enough.',
          profile_id: memberId,
        },
      },
    ],
    listMembers: [
      {
        who: 'free',
        query: {
          cursor: Buffer.from(JSON.stringify(['2026-01-01 10:00:00+00', memberId])).toString('base64url'),
          limit: 5,
          country: 'NL',
          gender: 'male',
          region: 1,
          min_age: 20,
          max_age: 60,
          network: 'aff1',
          sort: 'last_active',
          max_distance: 'lt5',
          looking_for: ['dates', 'right_now'],
          position: ['versatile'],
          tribes: ['otter'],
          min_height: 160,
          max_height: 200,
        },
      },
    ],
    getProfile: [{ who: 'free', query: { id: memberId } }],
    updateProfile: [
      {
        who: 'free',
        body: {
          name: 'Bad Input',
          about: 'About me',
          birth_date: '1990-01-01',
          gender: 'male',
          sexuality: 'gay',
          relationship_status: 'single',
          hair_colour: 'brown',
          eye_colour: 'blue',
          body_type: 'normal',
          signup_reason: 'dating',
          country: 'NL',
          region_id: 1,
          interests: ['kissing'],
          looking_for: ['dates', 'right_now'],
          position: 'versatile',
          tribes: ['otter'],
          height_cm: 180,
          weight_kg: 80,
          pronouns: 'he_him',
        },
      },
    ],
    getDiscountCode: [{ who: 'free', query: { code: 'NOPE', welcome: 'false' } }],
    deleteChat: [{ who: 'free', body: { conversation: 987654 } }],
    signup: [
      {
        body: {
          email: 'bad-input-signup@example.test',
          password: 'correct-horse',
          name: 'Bad Input',
          date_of_birth: '1990-01-01',
          about: 'About me',
          looking_for: ['dates', 'right_now'],
          position: 'versatile',
          tribes: ['otter'],
          height_cm: 180,
          weight_kg: 80,
          pronouns: 'he_him',
          signup_message: 'Hello there',
          recipient_id: memberId,
          tracking: { network: 'aff1', ref: 'r', sub1: 'a', sub2: 'b', sub3: 'c' },
          country: 'NL',
        },
      },
    ],
    completeSignup: [{ who: 'free', body: { name: 'Bad Input', date_of_birth: '1990-01-01', about: 'About me' } }],
    activate: [{ body: { token: ZERO_TOKEN } }],
    checkResetToken: [{ query: { token: ZERO_TOKEN } }],
    requestPasswordReset: [{ body: { email: 'nobody-bad-input@example.test' } }],
    requestLoginLink: [{ body: { email: 'nobody-bad-input@example.test' } }],
    loginWithLink: [{ body: { token: ZERO_TOKEN } }],
    resetPassword: [{ body: { token: ZERO_TOKEN, password: 'new-password-1', password_repeat: 'new-password-1' } }],
    changePassword: [
      { who: 'free', body: { old_password: 'wrong-password', password: 'new-password-1', password_repeat: 'new-password-1' } },
    ],
    requestMailChange: [{ who: 'free', body: { password: 'wrong-password', email: 'bad-input-new@example.test' } }],
    confirmMailChange: [{ body: { token: ZERO_TOKEN } }],
    deleteAccount: [{ who: 'free', body: { password: 'wrong-password', reasons: ['other'], comment: 'Bye' } }],
    reactivateAccount: [{ body: { token: ZERO_TOKEN } }],
    setMainPhoto: [{ who: 'free', body: { id: 987654 } }],
    deletePhoto: [{ who: 'free', body: { id: 987654 } }],
    // Nobody's photo and an unknown member: refused after the input is checked, so no suite changes an album.
    setPhotoPrivate: [{ who: 'free', body: { id: 987654, private: true } }],
    shareAlbum: [{ who: 'free', body: { id: 987654 } }],
    unshareAlbum: [{ who: 'free', query: { id: 987654 } }],
    getAlbum: [{ who: 'free', query: { id: memberId } }],
    blockMember: [{ who: 'free', body: { id: 987654 } }],
    unblockMember: [{ who: 'free', body: { id: 987654 } }],
    likeProfile: [{ who: 'free', body: { profile_id: memberId } }],
    unlikeProfile: [{ who: 'free', body: { profile_id: memberId } }],
    swipe: [{ who: 'free', body: { profile_id: memberId, like: false } }],
    saveMatchPreferences: [{ who: 'free', body: { gender: 'male', min_age: 20, max_age: 60, country: 'NL', region_id: 1 } }],
    findMatches: [{ who: 'free', query: { limit: 5 } }],
    listPendingPhotos: [{ who: 'moderator', query: { after: 1, limit: 10 } }],
    decidePhoto: [{ who: 'moderator', body: { photo: 987654, decision: 'approve' } }],
    decideVerification: [{ who: 'moderator', body: { request: 987654, decision: 'refuse', reason: 'pose_wrong' } }],
    // Sent by a moderator who is no admin: refused (403) after the input is checked, so no suite changes a role.
    setModeratorRole: [
      { who: 'moderator', body: { member: 987654, role: 'moderator' } },
      { who: 'moderator', body: { email: 'nobody-bad-input@example.test', role: 'member' } },
    ],
    reportContent: [{ who: 'free', body: { target: { kind: 'profile', id: memberId }, reason: 'other', details: 'Bad input.' } }],
    submitNotice: [
      {
        body: {
          name: 'Bad Input',
          email: 'bad-input@example.test',
          content_url: '/profile/1',
          explanation: 'A notice long enough.',
          good_faith: true,
        },
      },
    ],
    listReportQueue: [{ who: 'moderator', query: { limit: 10 } }],
    decideReports: [
      {
        who: 'moderator',
        body: {
          member: memberId,
          reports: [987654],
          notice: 987654,
          notices: [987654],
          action: 'remove_content',
          content: { kind: 'photo', id: 987654 },
          days: 3,
          rule: 'other',
          category: 'STATEMENT_CATEGORY_OTHER_VIOLATION_TC',
          category_specification: 'KEYWORD_OTHER',
          facts: 'Bad input.',
        },
      },
    ],
    getStatement: [{ who: 'free', query: { id: 987654, token: '0'.repeat(32) } }],
    getDataExport: [{ who: 'free', query: { statement: 987654, token: '0'.repeat(32) } }],
    requestDataExport: [{ who: 'free', body: { statement: 987654, token: '0'.repeat(32) } }],
    downloadDataExport: [{ who: 'free', query: { key: '0'.repeat(32), statement: 987654, token: '0'.repeat(32) } }],
    exportTransparencyStatements: [{ who: 'moderator', query: { from: '2026-01-01', to: '2026-01-31' } }],
    getTransparencyCounts: [{ who: 'moderator', query: { from: '2026-01-01', to: '2026-01-31' } }],
    fileAppeal: [{ who: 'free', body: { decision: 987654, text: 'Bad input.', token: '0'.repeat(32) } }],
    decideAppeal: [{ who: 'moderator', body: { appeal: 987654, outcome: 'upheld', explanation: 'Bad input.' } }],
    decideNotice: [{ who: 'moderator', body: { notice: 987654, action: 'assign', content_url: 'https://example.test/members/1' } }],
    getConversation: [
      // Sent whole (first), the newest page of the conversation with the member: its answer carries the private albums.
      { who: 'free', query: { profile_id: memberId } },
      { who: 'free', query: { conversation: 987654, profile_id: memberId, before: 5, limit: 10 } },
    ],
    sendMessage: [{ who: 'free', body: { profile_id: memberId, text: 'Hello' } }],
    markConversationRead: [{ who: 'free', body: { conversation: 987654, seq: 1 } }],
    sendTyping: [{ who: 'free', body: { conversation: 987654 } }],
    streamEvents: [{ who: 'free', query: { last_event_id: 1 } }],
    sendGift: [{ who: 'free', body: { profile_id: memberId, gift: 'rose' } }],
    listCreditPackages: [{ who: 'free', query: { country: 'NL', discount_code: 'WELCOME10' } }],
    createPayment: [
      { who: 'free', body: { package_id: 1, method: 'ideal', issuer: 'ideal_INGBNL2A', discount_code: 'WELCOME10', country: 'NL' } },
    ],
    getPayment: [{ who: 'free', query: { id: 987654 } }],
    cancelPayment: [{ who: 'free', body: { payment_id: 987654 } }],
    resumePayment: [{ who: 'free', body: { payment_id: 987654 } }],
    getRefundQuote: [{ who: 'free', query: { statement: 987654, token: '0'.repeat(32) } }],
    requestRefund: [{ who: 'free', body: { payment_id: 987654, statement: 987654, token: '0'.repeat(32) } }],
    startDirectDebit: [
      {
        who: 'free',
        body: {
          package_id: 1,
          account_holder: 'Jan de Vries',
          iban: 'NL91ABNA0417164300',
          street: 'Herengracht',
          house_number: '420',
          postcode: '1017 BZ',
          city: 'Amsterdam',
          mobile: '+31612345678',
          consent: true,
          discount_code: 'WELCOME10',
        },
      },
    ],
    confirmDirectDebit: [{ who: 'free', body: { mandate_id: 987654, code: '123456', discount_code: 'WELCOME10' } }],
    resendDirectDebitCode: [{ who: 'free', body: { mandate_id: 987654 } }],
    getUnsubscribePage: [{ query: { token: `1.${'A'.repeat(43)}` } }],
    unsubscribeNotificationMails: [{ query: { token: `1.${'A'.repeat(43)}` } }],
  };
}

/** The bytes of a JPEG's start and end: enough for a request to be valid, not for a photo to be stored. */
const PHOTO = new Blob([Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9])], {
  type: 'image/jpeg',
});

export interface Request extends Sample {
  /** A multipart body instead of JSON. */
  form?: () => FormData;
}

/** Valid requests for the operations that take no string or integer field (operationSamples has the others). */
function otherSamples(memberId: number): Record<string, Request> {
  return {
    geocode: { query: { lat: 48.85, lon: 2.35 } },
    pageHidden: { body: {} },
    resendActivationMail: { body: {} },
    putNotificationSettings: { body: { mail: { messages: true, likes: true, matches: true, news: false } } },
    putPushSettings: { body: { previews: false } },
    setInvisible: { body: { invisible: false } },
    setFootprintSettings: { body: { enabled: true } },
    saveLocation: { body: { lat: 52.37, lon: 4.89 } },
    uploadPhoto: {
      form: () => {
        const form = new FormData();
        form.append('photo', PHOTO, 'photo.jpg');
        return form;
      },
    },
    submitVerificationSelfie: {
      form: () => {
        const form = new FormData();
        form.append('photo', PHOTO, 'selfie.jpg');
        return form;
      },
    },
    sendPhotoMessage: {
      form: () => {
        const form = new FormData();
        form.append('profile_id', String(memberId));
        form.append('photo', PHOTO, 'photo.jpg');
        return form;
      },
    },
  };
}

/** A valid request for any operation of the contract: its first sample, or none (no parameters, no body) when it needs none. */
export function requestOf(operationId: string, memberId: number): Request {
  return operationSamples(memberId)[operationId]?.[0] ?? otherSamples(memberId)[operationId] ?? {};
}
