/** The Verifications queue's own words, apart from its screen so the page carries them while the screen loads on first open. */
export const verificationsMessageKeys = [
  'admin_approve',
  'admin_verification_approved',
  'admin_verification_rejected',
  'verify_certificate_number',
  'verify_email',
  'verify_phone',
  'verify_photo_front',
  'verify_photo_back',
  'verify_photo_handheld',
];
