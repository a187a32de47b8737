import { defineWidget } from '../screens/element.tsx';
import { LoginForm } from './LoginForm.tsx';

defineWidget('gs-login', () => <LoginForm />);
