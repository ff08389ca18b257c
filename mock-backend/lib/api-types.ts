import type { components } from '../../src/shared/api/client';

export type Schemas = components['schemas'];
export type ProfileSummary = Schemas['ProfileSummary'];
export type ProfileDetail = Schemas['ProfileDetail'];
export type Image = Schemas['Image'];
export type User = Schemas['User'];
export type Settings = Schemas['Settings'];
