import { defineWidget } from '../core/element.tsx';
import { RegisterForm } from './RegisterForm.tsx';

defineWidget('gs-register', () => <RegisterForm />);
