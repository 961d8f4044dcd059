-- A username under a broad password-guessing attack signs in with its password and a code texted to its phone.
alter table otps drop constraint otps_purpose_check;
alter table otps add constraint otps_purpose_check check (purpose in ('register', 'reset', 'login'));
-- Wrong codes are counted per address and per account in rate_limit_events, no longer per code: a stranger's guesses
-- no longer burn the code the owner holds.
alter table otps drop column attempts;
