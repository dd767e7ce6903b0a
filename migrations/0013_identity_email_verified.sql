ALTER TABLE `auth_accounts` ADD `email` text;--> statement-breakpoint
ALTER TABLE `auth_accounts` ADD `email_verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- An email sign-in proves the address. Identities from other providers recorded before this column
-- are not known to be verified until their next sign-in says so (decision 026).
UPDATE `auth_accounts` SET `email_verified` = 1, `email` = `provider_account_id` WHERE `provider` = 'email';--> statement-breakpoint
UPDATE `auth_accounts` SET `email` = (SELECT `email` FROM `users` u WHERE u.`id` = `auth_accounts`.`user_id`) WHERE `provider` <> 'email';
