import { defineWidget } from '../screens/element.tsx';
import { RegisterForm } from './RegisterForm.tsx';

defineWidget('gs-register', () => <RegisterForm />);
