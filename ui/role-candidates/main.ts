// Role candidates view: find_matching_crew's answer for one role.
import '../shared/base.css';
import './style.css';
import { fullscreenButton, startView } from '../shared/view.js';
import { renderCandidates } from './render.js';

startView({
  name: 'crew-role-candidates',
  render(root, data, view) {
    const body = renderCandidates(data, view.context);
    const button = fullscreenButton(view);
    if (button) body.querySelector('header.top')?.append(button);
    root.append(body);
  },
});
