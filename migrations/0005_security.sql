CREATE TABLE `rate_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_verification_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`purpose` text NOT NULL,
	`target` text NOT NULL,
	`code_hash` text NOT NULL,
	`token_hash` text,
	`callback_url` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_verification_codes`("id", "user_id", "purpose", "target", "code_hash", "attempts", "expires_at", "created_at") SELECT "id", "user_id", "purpose", "target", "code_hash", "attempts", "expires_at", "created_at" FROM `verification_codes`;--> statement-breakpoint
DROP TABLE `verification_codes`;--> statement-breakpoint
ALTER TABLE `__new_verification_codes` RENAME TO `verification_codes`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `verification_codes_user_idx` ON `verification_codes` (`user_id`,`purpose`);--> statement-breakpoint
CREATE INDEX `verification_codes_target_idx` ON `verification_codes` (`purpose`,`target`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `verification_codes_token_unique` ON `verification_codes` (`token_hash`);--> statement-breakpoint
ALTER TABLE `paid_users` ADD `last_charge_at` integer;--> statement-breakpoint
-- Custom (decision 012): upvote and favourite counts move with their rows, in the same statement,
-- so parallel toggles can never count a vote that is not stored.
CREATE TRIGGER `upvotes_count_insert` AFTER INSERT ON `upvotes` BEGIN
  UPDATE `characters` SET `upvotes` = `upvotes` + 1 WHERE `id` = new.`character_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `upvotes_count_delete` AFTER DELETE ON `upvotes` BEGIN
  UPDATE `characters` SET `upvotes` = max(`upvotes` - 1, 0) WHERE `id` = old.`character_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `favorites_count_insert` AFTER INSERT ON `favorites` BEGIN
  UPDATE `characters` SET `favorites` = `favorites` + 1 WHERE `id` = new.`character_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `favorites_count_delete` AFTER DELETE ON `favorites` BEGIN
  UPDATE `characters` SET `favorites` = max(`favorites` - 1, 0) WHERE `id` = old.`character_id`;
END;
