-- Pictures made in a chat before issue 22 stored the prompt as sent, with the character's hidden image
-- and negative prompts in it. For anyone who may not read those (not the character's creator, not a
-- moderator), the stored prompt becomes the character's name: the scene it also held cannot be told
-- apart from the hidden part afterwards.
UPDATE `generated_images`
SET `prompt` = (SELECT `name` FROM `characters` c WHERE c.`id` = `generated_images`.`character_id`),
    `negative_prompt` = NULL
WHERE `message_id` IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM `characters` c
    WHERE c.`id` = `generated_images`.`character_id`
      AND c.`image_prompt_visible` = 0
      AND (coalesce(c.`image_prompt`, '') <> '' OR coalesce(c.`negative_prompt`, '') <> '')
      AND c.`user_id` IS NOT `generated_images`.`user_id`
  )
  AND `user_id` NOT IN (SELECT `id` FROM `users` WHERE `is_moderator` = 1);
