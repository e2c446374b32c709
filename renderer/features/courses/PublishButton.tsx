// Publish / unpublish a course, through the app's one way of writing (renderer/features/writes/use-write):
// a confirmation naming the course (both change what learners see), courses:write asked the first time
// (step-up in the browser), a message once done with Undo (the inverse operation), the platform's refusal
// in plain words, and the outbox when the platform cannot be reached.
import { useTranslation } from 'react-i18next';
import type { Course } from '../../../shared/model/courses';
import { Button } from '../../components/Button';
import { useWrite } from '../writes/use-write';

export function PublishButton({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  const write = useWrite();
  const publish = course.state !== 'published';
  return (
    <div className="publish">
      <Button
        variant={publish ? 'primary' : 'secondary'}
        busy={write.busy}
        onClick={() => void write.run({ kind: 'course.setPublished', courseId: course.id, title: course.title, published: publish, seenUpdatedAt: course.updatedAt })}
      >
        {publish ? t('publish') : t('unpublish')}

      </Button>
      {write.element}
    </div>
  );
}
