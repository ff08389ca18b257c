import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { SafetyAction, TdbCategory, TdbKeyword } from './api/moderation';
import type { ReportReason, ReportTarget } from './api/reports';

/** The report reasons, which are also the terms rules a statement of reasons names. */
export const REASON_MESSAGES: Record<ReportReason, MessageDescriptor> = defineMessages({
  fake_scam_spam: { id: 'safety.reason.fakeScamSpam', defaultMessage: 'Fake profile, scam or spam' },
  harassment_hate: { id: 'safety.reason.harassmentHate', defaultMessage: 'Harassment or hate' },
  unwanted_sexual: { id: 'safety.reason.unwantedSexual', defaultMessage: 'Unwanted sexual content' },
  underage: { id: 'safety.reason.underage', defaultMessage: 'Someone under 18' },
  illegal: { id: 'safety.reason.illegal', defaultMessage: 'Illegal content' },
  other: { id: 'safety.reason.other', defaultMessage: 'Something else' },
});

export const ACTION_MESSAGES: Record<SafetyAction, MessageDescriptor> = defineMessages({
  dismiss: { id: 'safety.action.dismiss', defaultMessage: 'No violation (dismiss)' },
  remove_content: { id: 'safety.action.removeContent', defaultMessage: 'Remove content' },
  warn: { id: 'safety.action.warn', defaultMessage: 'Warning' },
  restrict: { id: 'safety.action.restrict', defaultMessage: 'Restriction' },
  suspend: { id: 'safety.action.suspend', defaultMessage: 'Suspension' },
  ban: { id: 'safety.action.ban', defaultMessage: 'Ban' },
  hide: { id: 'safety.action.hide', defaultMessage: 'Hidden from search (automated)' },
});

export const TARGET_MESSAGES: Record<ReportTarget['kind'], MessageDescriptor> = defineMessages({
  profile: { id: 'safety.target.profile', defaultMessage: 'Profile' },
  message: { id: 'safety.target.message', defaultMessage: 'Message' },
  photo: { id: 'safety.target.photo', defaultMessage: 'Photo' },
});

export const CONTENT_MESSAGES = defineMessages({
  photo: { id: 'safety.content.photo', defaultMessage: 'a photo' },
  message: { id: 'safety.content.message', defaultMessage: 'a message' },
  profile_text: { id: 'safety.content.profileText', defaultMessage: 'the profile text' },
});

export const REPORT_STATUS_MESSAGES = defineMessages({
  open: { id: 'safety.reportStatus.open', defaultMessage: 'Being reviewed' },
  action_taken: { id: 'safety.reportStatus.actionTaken', defaultMessage: 'Action taken' },
  no_violation: { id: 'safety.reportStatus.noViolation', defaultMessage: 'No violation found' },
});

export const APPEAL_STATUS_MESSAGES = defineMessages({
  open: { id: 'safety.appealStatus.open', defaultMessage: 'Your appeal is being reviewed by another moderator.' },
  upheld: { id: 'safety.appealStatus.upheld', defaultMessage: 'Your appeal was reviewed: the decision stands.' },
  reversed: { id: 'safety.appealStatus.reversed', defaultMessage: 'Your appeal succeeded: the decision was reversed.' },
});

export const SOURCE_MESSAGES = defineMessages({
  report: { id: 'safety.source.report', defaultMessage: 'Following a report by another person' },
  notice: { id: 'safety.source.notice', defaultMessage: 'Following a notice of illegal content' },
  own_initiative: { id: 'safety.source.ownInitiative', defaultMessage: 'On our own initiative' },
});

export const REDRESS_MESSAGES = defineMessages({
  internal_appeal: { id: 'safety.redress.internalAppeal', defaultMessage: 'An appeal to us (below), decided by another moderator' },
  out_of_court_settlement: {
    id: 'safety.redress.outOfCourt',
    defaultMessage: 'A certified out-of-court dispute settlement body',
  },
  court: { id: 'safety.redress.court', defaultMessage: 'A court' },
});

export const PHOTO_STATUS_MESSAGES = defineMessages({
  approved: { id: 'safety.photoStatus.approved', defaultMessage: 'approved' },
  pending: { id: 'safety.photoStatus.pending', defaultMessage: 'awaiting moderation' },
  rejected: { id: 'safety.photoStatus.rejected', defaultMessage: 'rejected' },
});

/** The database's categories by their names in its own English (the console's catalogues translate them). */
export const TDB_CATEGORY_MESSAGES: Record<TdbCategory, MessageDescriptor> = defineMessages({
  STATEMENT_CATEGORY_ANIMAL_WELFARE: { id: 'safety.tdbCategory.animalWelfare', defaultMessage: 'Animal welfare' },
  STATEMENT_CATEGORY_CONSUMER_INFORMATION: {
    id: 'safety.tdbCategory.consumerInformation',
    defaultMessage: 'Consumer information infringements',
  },
  STATEMENT_CATEGORY_CYBER_VIOLENCE: { id: 'safety.tdbCategory.cyberViolence', defaultMessage: 'Cyber violence' },
  STATEMENT_CATEGORY_CYBER_VIOLENCE_AGAINST_WOMEN: {
    id: 'safety.tdbCategory.cyberViolenceAgainstWomen',
    defaultMessage: 'Cyber violence against women',
  },
  STATEMENT_CATEGORY_DATA_PROTECTION_AND_PRIVACY_VIOLATIONS: {
    id: 'safety.tdbCategory.dataProtectionAndPrivacyViolations',
    defaultMessage: 'Data protection and privacy violations',
  },
  STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH: {
    id: 'safety.tdbCategory.illegalOrHarmfulSpeech',
    defaultMessage: 'Illegal or harmful speech',
  },
  STATEMENT_CATEGORY_INTELLECTUAL_PROPERTY_INFRINGEMENTS: {
    id: 'safety.tdbCategory.intellectualPropertyInfringements',
    defaultMessage: 'Intellectual property infringements',
  },
  STATEMENT_CATEGORY_NEGATIVE_EFFECTS_ON_CIVIC_DISCOURSE_OR_ELECTIONS: {
    id: 'safety.tdbCategory.negativeEffectsOnCivicDiscourseOrElections',
    defaultMessage: 'Negative effects on civic discourse or elections',
  },
  STATEMENT_CATEGORY_NOT_SPECIFIED_NOTICE: {
    id: 'safety.tdbCategory.notSpecifiedNotice',
    defaultMessage: 'Type of alleged illegal content not specified by the notifier',
  },
  STATEMENT_CATEGORY_OTHER_VIOLATION_TC: {
    id: 'safety.tdbCategory.otherViolationTc',
    defaultMessage: 'Other violation of provider’s terms and conditions',
  },
  STATEMENT_CATEGORY_PROTECTION_OF_MINORS: { id: 'safety.tdbCategory.protectionOfMinors', defaultMessage: 'Protection of minors' },
  STATEMENT_CATEGORY_RISK_FOR_PUBLIC_SECURITY: {
    id: 'safety.tdbCategory.riskForPublicSecurity',
    defaultMessage: 'Risk for public security',
  },
  STATEMENT_CATEGORY_SCAMS_AND_FRAUD: { id: 'safety.tdbCategory.scamsAndFraud', defaultMessage: 'Scams and/or fraud' },
  STATEMENT_CATEGORY_SELF_HARM: { id: 'safety.tdbCategory.selfHarm', defaultMessage: 'Self-harm' },
  STATEMENT_CATEGORY_UNSAFE_AND_PROHIBITED_PRODUCTS: {
    id: 'safety.tdbCategory.unsafeAndProhibitedProducts',
    defaultMessage: 'Unsafe, non-compliant or prohibited products',
  },
  STATEMENT_CATEGORY_VIOLENCE: { id: 'safety.tdbCategory.violence', defaultMessage: 'Violence' },
});

/**
 * The database's keywords (category specifications) by their names in its own English, as the console offers them
 * under their category (src/shared/transparency-keywords.ts); the console's catalogues translate them.
 */
export const TDB_KEYWORD_MESSAGES: Record<TdbKeyword, MessageDescriptor> = defineMessages({
  KEYWORD_ANIMAL_HARM: { id: 'safety.tdbKeyword.animalHarm', defaultMessage: 'Animal harm' },
  KEYWORD_UNLAWFUL_SALE_ANIMALS: { id: 'safety.tdbKeyword.unlawfulSaleAnimals', defaultMessage: 'Unlawful sale of animals' },
  KEYWORD_HIDDEN_ADVERTISEMENT: {
    id: 'safety.tdbKeyword.hiddenAdvertisement',
    defaultMessage: 'Hidden advertisement or commercial communication, including by influencers',
  },
  KEYWORD_INSUFFICIENT_INFORMATION_ON_TRADERS: {
    id: 'safety.tdbKeyword.insufficientInformationOnTraders',
    defaultMessage: 'Insufficient information on traders',
  },
  KEYWORD_MISLEADING_INFO_GOODS_SERVICES: {
    id: 'safety.tdbKeyword.misleadingInfoGoodsServices',
    defaultMessage: 'Misleading information about the characteristics of the goods and services',
  },
  KEYWORD_MISLEADING_INFO_CONSUMER_RIGHTS: {
    id: 'safety.tdbKeyword.misleadingInfoConsumerRights',
    defaultMessage: 'Misleading information about the consumer’s rights',
  },
  KEYWORD_NONCOMPLIANCE_PRICING: {
    id: 'safety.tdbKeyword.noncompliancePricing',
    defaultMessage: 'Non-compliance with pricing regulations',
  },
  KEYWORD_CYBER_BULLYING_INTIMIDATION: {
    id: 'safety.tdbKeyword.cyberBullyingIntimidation',
    defaultMessage: 'Cyber bullying and intimidation',
  },
  KEYWORD_CYBER_HARASSMENT: { id: 'safety.tdbKeyword.cyberHarassment', defaultMessage: 'Cyber harassment' },
  KEYWORD_CYBER_INCITEMENT: { id: 'safety.tdbKeyword.cyberIncitement', defaultMessage: 'Cyber incitement to hatred or violence' },
  KEYWORD_CYBER_STALKING: { id: 'safety.tdbKeyword.cyberStalking', defaultMessage: 'Cyber stalking' },
  KEYWORD_NON_CONSENSUAL_IMAGE_SHARING: {
    id: 'safety.tdbKeyword.nonConsensualImageSharing',
    defaultMessage: 'Non-consensual (intimate) material sharing, including (image-based) sexual abuse (excluding content depicting minors)',
  },
  KEYWORD_NON_CONSENSUAL_MATERIAL_DEEPFAKE: {
    id: 'safety.tdbKeyword.nonConsensualMaterialDeepfake',
    defaultMessage:
      'Non-consensual sharing of material containing deepfake or similar technology using a third party’s features (excluding content depicting minors)',
  },
  KEYWORD_BULLYING_AGAINST_GIRLS: {
    id: 'safety.tdbKeyword.bullyingAgainstGirls',
    defaultMessage: 'Cyber bullying and intimidation against girls',
  },
  KEYWORD_CYBER_HARASSMENT_AGAINST_WOMEN: {
    id: 'safety.tdbKeyword.cyberHarassmentAgainstWomen',
    defaultMessage: 'Cyber harassment against women',
  },
  KEYWORD_CYBER_STALKING_AGAINST_WOMEN: {
    id: 'safety.tdbKeyword.cyberStalkingAgainstWomen',
    defaultMessage: 'Cyber stalking against women',
  },
  KEYWORD_FEMALE_GENDERED_DISINFORMATION: {
    id: 'safety.tdbKeyword.femaleGenderedDisinformation',
    defaultMessage: 'Gendered disinformation',
  },
  KEYWORD_INCITEMENT_AGAINST_WOMEN: {
    id: 'safety.tdbKeyword.incitementAgainstWomen',
    defaultMessage: 'Illegal incitement to violence and hatred against women',
  },
  KEYWORD_NON_CONSENSUAL_IMAGE_SHARING_AGAINST_WOMEN: {
    id: 'safety.tdbKeyword.nonConsensualImageSharingAgainstWomen',
    defaultMessage:
      'Non-consensual (intimate) material sharing against women, including (image-based) sexual abuse against women (excluding content depicting minors)',
  },
  KEYWORD_NON_CONSENSUAL_MATERIAL_DEEPFAKE_AGAINST_WOMEN: {
    id: 'safety.tdbKeyword.nonConsensualMaterialDeepfakeAgainstWomen',
    defaultMessage:
      'Non-consensual sharing of material containing deepfake or similar technology using a third party’s features against women (excluding content depicting minors)',
  },
  KEYWORD_BIOMETRIC_DATA_BREACH: { id: 'safety.tdbKeyword.biometricDataBreach', defaultMessage: 'Biometric data breach' },
  KEYWORD_DATA_FALSIFICATION: { id: 'safety.tdbKeyword.dataFalsification', defaultMessage: 'Data falsification' },
  KEYWORD_MISSING_PROCESSING_GROUND: {
    id: 'safety.tdbKeyword.missingProcessingGround',
    defaultMessage: 'Missing processing ground for data',
  },
  KEYWORD_RIGHT_TO_BE_FORGOTTEN: { id: 'safety.tdbKeyword.rightToBeForgotten', defaultMessage: 'Right to be forgotten' },
  KEYWORD_DEFAMATION: { id: 'safety.tdbKeyword.defamation', defaultMessage: 'Defamation' },
  KEYWORD_DISCRIMINATION: { id: 'safety.tdbKeyword.discrimination', defaultMessage: 'Discrimination' },
  KEYWORD_HATE_SPEECH: {
    id: 'safety.tdbKeyword.hateSpeech',
    defaultMessage: 'Illegal incitement to violence and hatred based on protected characteristics (hate speech)',
  },
  KEYWORD_COPYRIGHT_INFRINGEMENT: { id: 'safety.tdbKeyword.copyrightInfringement', defaultMessage: 'Copyright infringement' },
  KEYWORD_DESIGN_INFRINGEMENT: { id: 'safety.tdbKeyword.designInfringement', defaultMessage: 'Design infringement' },
  KEYWORD_GEOGRAPHIC_INDICATIONS_INFRINGEMENT: {
    id: 'safety.tdbKeyword.geographicIndicationsInfringement',
    defaultMessage: 'Geographical indications infringement',
  },
  KEYWORD_PATENT_INFRINGEMENT: { id: 'safety.tdbKeyword.patentInfringement', defaultMessage: 'Patent infringement' },
  KEYWORD_TRADE_SECRET_INFRINGEMENT: { id: 'safety.tdbKeyword.tradeSecretInfringement', defaultMessage: 'Trade secret infringement' },
  KEYWORD_TRADEMARK_INFRINGEMENT: { id: 'safety.tdbKeyword.trademarkInfringement', defaultMessage: 'Trademark infringement' },
  KEYWORD_MISINFORMATION_DISINFORMATION: {
    id: 'safety.tdbKeyword.misinformationDisinformation',
    defaultMessage: 'Misinformation, disinformation, foreign information manipulation and interference',
  },
  KEYWORD_VIOLATION_EU_LAW: {
    id: 'safety.tdbKeyword.violationEuLaw',
    defaultMessage: 'Violation of EU law relevant to civic discourse or elections',
  },
  KEYWORD_VIOLATION_NATIONAL_LAW: {
    id: 'safety.tdbKeyword.violationNationalLaw',
    defaultMessage: 'Violation of national law relevant to civic discourse or elections',
  },
  KEYWORD_ADULT_SEXUAL_MATERIAL: { id: 'safety.tdbKeyword.adultSexualMaterial', defaultMessage: 'Adult sexual material' },
  KEYWORD_AGE_SPECIFIC_RESTRICTIONS: { id: 'safety.tdbKeyword.ageSpecificRestrictions', defaultMessage: 'Age-specific restrictions' },
  KEYWORD_GEOGRAPHICAL_REQUIREMENTS: { id: 'safety.tdbKeyword.geographicalRequirements', defaultMessage: 'Geographical requirements' },
  KEYWORD_GOODS_SERVICES_NOT_PERMITTED: {
    id: 'safety.tdbKeyword.goodsServicesNotPermitted',
    defaultMessage: 'Goods/services not permitted to be offered on the platform',
  },
  KEYWORD_LANGUAGE_REQUIREMENTS: { id: 'safety.tdbKeyword.languageRequirements', defaultMessage: 'Language requirements' },
  KEYWORD_NUDITY: { id: 'safety.tdbKeyword.nudity', defaultMessage: 'Nudity' },
  KEYWORD_AGE_SPECIFIC_RESTRICTIONS_MINORS: {
    id: 'safety.tdbKeyword.ageSpecificRestrictionsMinors',
    defaultMessage: 'Age-specific restrictions concerning minors',
  },
  KEYWORD_CHILD_SEXUAL_ABUSE_MATERIAL: { id: 'safety.tdbKeyword.childSexualAbuseMaterial', defaultMessage: 'Child sexual abuse material' },
  KEYWORD_CHILD_SEXUAL_ABUSE_MATERIAL_DEEPFAKE: {
    id: 'safety.tdbKeyword.childSexualAbuseMaterialDeepfake',
    defaultMessage: 'Child sexual abuse material containing deepfake or similar technology',
  },
  KEYWORD_GROOMING_SEXUAL_ENTICEMENT_MINORS: {
    id: 'safety.tdbKeyword.groomingSexualEnticementMinors',
    defaultMessage: 'Grooming/sexual enticement of minors',
  },
  KEYWORD_UNSAFE_CHALLENGES: { id: 'safety.tdbKeyword.unsafeChallenges', defaultMessage: 'Unsafe challenges' },
  KEYWORD_ILLEGAL_ORGANIZATIONS: { id: 'safety.tdbKeyword.illegalOrganizations', defaultMessage: 'Illegal organizations' },
  KEYWORD_RISK_ENVIRONMENTAL_DAMAGE: { id: 'safety.tdbKeyword.riskEnvironmentalDamage', defaultMessage: 'Risk for environmental damage' },
  KEYWORD_RISK_PUBLIC_HEALTH: { id: 'safety.tdbKeyword.riskPublicHealth', defaultMessage: 'Risk for public health' },
  KEYWORD_TERRORIST_CONTENT: { id: 'safety.tdbKeyword.terroristContent', defaultMessage: 'Terrorist content' },
  KEYWORD_IMPERSONATION_ACCOUNT_HIJACKING: {
    id: 'safety.tdbKeyword.impersonationAccountHijacking',
    defaultMessage: 'Impersonation or account hijacking',
  },
  KEYWORD_INAUTHENTIC_ACCOUNTS: { id: 'safety.tdbKeyword.inauthenticAccounts', defaultMessage: 'Inauthentic accounts' },
  KEYWORD_INAUTHENTIC_LISTINGS: { id: 'safety.tdbKeyword.inauthenticListings', defaultMessage: 'Inauthentic listings' },
  KEYWORD_INAUTHENTIC_USER_REVIEWS: { id: 'safety.tdbKeyword.inauthenticUserReviews', defaultMessage: 'Inauthentic user reviews' },
  KEYWORD_PHISHING: { id: 'safety.tdbKeyword.phishing', defaultMessage: 'Phishing' },
  KEYWORD_PYRAMID_SCHEMES: { id: 'safety.tdbKeyword.pyramidSchemes', defaultMessage: 'Pyramid schemes' },
  KEYWORD_CONTENT_PROMOTING_EATING_DISORDERS: {
    id: 'safety.tdbKeyword.contentPromotingEatingDisorders',
    defaultMessage: 'Content promoting eating disorders',
  },
  KEYWORD_SELF_MUTILATION: { id: 'safety.tdbKeyword.selfMutilation', defaultMessage: 'Self-mutilation' },
  KEYWORD_SUICIDE: { id: 'safety.tdbKeyword.suicide', defaultMessage: 'Suicide' },
  KEYWORD_PROHIBITED_PRODUCTS: { id: 'safety.tdbKeyword.prohibitedProducts', defaultMessage: 'Prohibited or restricted products' },
  KEYWORD_UNSAFE_PRODUCTS: { id: 'safety.tdbKeyword.unsafeProducts', defaultMessage: 'Unsafe or non-compliant products' },
  KEYWORD_COORDINATED_HARM: { id: 'safety.tdbKeyword.coordinatedHarm', defaultMessage: 'Coordinated harm' },
  KEYWORD_INCITEMENT_VIOLENCE_HATRED: {
    id: 'safety.tdbKeyword.incitementViolenceHatred',
    defaultMessage: 'General calls or incitement to violence and/or hatred',
  },
  KEYWORD_HUMAN_EXPLOITATION: { id: 'safety.tdbKeyword.humanExploitation', defaultMessage: 'Human exploitation' },
  KEYWORD_HUMAN_TRAFFICKING: { id: 'safety.tdbKeyword.humanTrafficking', defaultMessage: 'Human trafficking' },
  KEYWORD_TRAFFICKING_WOMEN_GIRLS: { id: 'safety.tdbKeyword.traffickingWomenGirls', defaultMessage: 'Trafficking in women and girls' },
  KEYWORD_STALKING: { id: 'safety.tdbKeyword.stalking', defaultMessage: 'Stalking' },
  KEYWORD_OTHER: { id: 'safety.tdbKeyword.other', defaultMessage: 'Other' },
});
