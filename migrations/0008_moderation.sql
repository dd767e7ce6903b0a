CREATE TABLE `moderation_log` (
	`id` text PRIMARY KEY NOT NULL,
	`moderator_id` text,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`target_label` text DEFAULT '' NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`moderator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `moderation_log_created_idx` ON `moderation_log` (`created_at`);--> statement-breakpoint
ALTER TABLE `reports` ADD `resolution` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `resolved_by` text;--> statement-breakpoint
CREATE UNIQUE INDEX `reports_reporter_target_unique` ON `reports` (`reporter_id`,`target_type`,`target_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `ban_reason` text;--> statement-breakpoint
-- The moderation log is append-only (decision 021): no row is deleted, and no field but the
-- moderator (set to null when that account is deleted) is ever changed.
CREATE TRIGGER `moderation_log_no_delete` BEFORE DELETE ON `moderation_log` BEGIN SELECT RAISE(ABORT, 'moderation_log is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `moderation_log_no_update` BEFORE UPDATE OF `action`, `target_type`, `target_id`, `target_label`, `reason`, `created_at` ON `moderation_log` BEGIN SELECT RAISE(ABORT, 'moderation_log is append-only'); END;
