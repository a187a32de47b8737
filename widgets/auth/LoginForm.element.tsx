import { defineWidget } from '../core/element.tsx';
import { LoginForm } from './LoginForm.tsx';

defineWidget('gs-login', () => <LoginForm />);
