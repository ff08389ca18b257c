/** The gift catalogue of the chat: keys, and the drawings (made here, as SVG; nothing downloaded). */
export const GIFT_KEYS = ['rose', 'heart', 'champagne', 'star', 'cake', 'teddy'] as const;
export type GiftKey = (typeof GIFT_KEYS)[number];

export const isGiftKey = (value: string): value is GiftKey => (GIFT_KEYS as readonly string[]).includes(value);

/** Where the BFF serves a gift's image (public/gifts, copied into the build). */
export const giftImagePath = (key: GiftKey): string => `/gifts/${key}.svg`;
