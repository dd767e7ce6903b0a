ALTER TABLE `characters` ADD `chat_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `reports` ADD `target_owner_id` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `target_character_id` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `target_text` text;--> statement-breakpoint
-- Chats started so far: the chats there are now (decision 027).
UPDATE `characters` SET `chat_count` = (SELECT count(*) FROM `saved_chats` s WHERE s.`character_id` = `characters`.`id`);--> statement-breakpoint
-- Reported messages keep their text, owner and character in the report.
UPDATE `reports` SET
  `target_text` = (SELECT m.`content` FROM `messages` m WHERE m.`id` = `reports`.`target_id`),
  `target_owner_id` = (SELECT s.`user_id` FROM `messages` m JOIN `saved_chats` s ON s.`id` = m.`chat_id` WHERE m.`id` = `reports`.`target_id`),
  `target_character_id` = (SELECT s.`character_id` FROM `messages` m JOIN `saved_chats` s ON s.`id` = m.`chat_id` WHERE m.`id` = `reports`.`target_id`)
WHERE `target_type` = 'message';
