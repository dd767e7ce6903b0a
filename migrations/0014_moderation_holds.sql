PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_moderation_log` (
	`id` text PRIMARY KEY NOT NULL,
	`moderator_id` text,
	`moderator_label` text DEFAULT '' NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`target_label` text DEFAULT '' NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
-- The actor's name is kept with each line, from the account as it is now (a deleted one is unknown).
INSERT INTO `__new_moderation_log`("id", "moderator_id", "moderator_label", "action", "target_type", "target_id", "target_label", "reason", "created_at") SELECT l."id", l."moderator_id", coalesce(nullif(u."name", ''), u."email", ''), l."action", l."target_type", l."target_id", l."target_label", l."reason", l."created_at" FROM `moderation_log` l LEFT JOIN `users` u ON u."id" = l."moderator_id" ORDER BY l.rowid;--> statement-breakpoint
DROP TABLE `moderation_log`;--> statement-breakpoint
ALTER TABLE `__new_moderation_log` RENAME TO `moderation_log`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `moderation_log_created_idx` ON `moderation_log` (`created_at`);--> statement-breakpoint
ALTER TABLE `characters` ADD `moderation_lock` text;--> statement-breakpoint
-- Append-only again, now for every column: no line is deleted, and none changes (not even its actor).
CREATE TRIGGER `moderation_log_no_delete` BEFORE DELETE ON `moderation_log` BEGIN SELECT RAISE(ABORT, 'moderation_log is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `moderation_log_no_update` BEFORE UPDATE ON `moderation_log` BEGIN SELECT RAISE(ABORT, 'moderation_log is append-only'); END;
